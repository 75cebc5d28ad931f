import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError, sendError } from '#app/platform';

const API_PREFIXES = ['/api', '/auth/', '/functions/', '/health', '/rest/', '/storage/'];

/**
 * Serves the built single-page app: static assets as files, prerendered routes as their own
 * HTML, anything else as the app shell (its router shows the not-found page).
 */
export async function serveSpa(fastify: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = webDist && existsSync(join(webDist, 'index.html')) ? webDist : null;
  const shell = root ? readFileSync(join(root, 'index.html'), 'utf8') : null;
  if (root) await fastify.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', immutable: false });

  fastify.get('/*', (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (API_PREFIXES.some((prefix) => path.startsWith(prefix)) || !root || !shell) {
      return sendError(reply, new AppError(404, 'not_found', `No route for ${request.method} ${path}`));
    }
    const prerendered = normalize(join(root, path, 'index.html'));
    if (prerendered.startsWith(root) && path !== '/' && existsSync(prerendered)) {
      return reply.type('text/html; charset=utf-8').send(readFileSync(prerendered, 'utf8'));
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(shell);
  });
}
