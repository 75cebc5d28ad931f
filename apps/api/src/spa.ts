import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError, CONTENT_SECURITY_POLICY, sendError } from '#app/platform';

const API_PREFIXES = ['/api', '/auth/', '/functions/', '/health', '/rest/', '/storage/'];
/** Routes the app renders in the browser only (signed-in or token-bearing pages). */
const CLIENT_ROUTES = [/^\/dashboard(\/.*)?$/, /^\/admin(\/.*)?$/, /^\/stores\/[a-z0-9-]{3,40}$/, /^\/create-new-password\/[^/]+$/];
/** Written into prerendered pages at build time; replaced with PUBLIC_URL when served. */
const ORIGIN_PLACEHOLDER = '__SITE_ORIGIN__';

interface Page {
  body: string;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

interface PrerenderManifest {
  pages: Record<string, string>;
  sitemap: string[];
  notFound: string;
  gate: string;
  gateAssets: string[];
}

/** What the site gate needs from the web app: the gate page and the files it loads. */
export interface SpaPages {
  sendGate(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  isGateAsset(path: string): boolean;
}

function page(body: string): Page {
  return {
    body,
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
}

/** Every inline script's hash, so the policy allows exactly our own inline scripts and nothing else. */
function cspFor(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1])
    .filter((code) => code.trim().length > 0)
    .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  return hashes.length ? CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`) : CONTENT_SECURITY_POLICY;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status = 200, csp?: string): FastifyReply {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  void reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (csp) void reply.header('content-security-policy', csp);
  if (status === 200) {
    void reply.header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  }
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.body);
}

/**
 * Serves the built web app: hashed assets as immutable files (pre-compressed at build), each public
 * route as its prerendered HTML, client-only routes (dashboard, reset links) as the app shell, and
 * anything else as the prerendered not-found page with status 404. Also sitemap.xml and robots.txt.
 */
export async function serveSpa(fastify: FastifyInstance, webDist: string | undefined, publicUrl: string): Promise<SpaPages | null> {
  const root = webDist && existsSync(join(webDist, 'index.html')) ? webDist : null;
  if (!root) {
    fastify.get('/*', (request, reply) => sendError(reply, new AppError(404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}`)));
    return null;
  }
  const load = (file: string) => readFileSync(join(root, file), 'utf8').replaceAll(ORIGIN_PLACEHOLDER, publicUrl);
  const manifestPath = join(root, 'prerendered', 'manifest.json');
  const manifest: PrerenderManifest | null = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;

  const shellHtml = load('index.html');
  const shell = page(shellHtml);
  const csp = cspFor(shellHtml);
  const pages = new Map(Object.entries(manifest?.pages ?? {}).map(([path, file]) => [path, page(load(file))]));
  const notFound = manifest ? page(load(manifest.notFound)) : shell;
  const gate = manifest ? page(load(manifest.gate)) : shell;
  const gateAssets = new Set(manifest?.gateAssets ?? []);
  const sitemap = manifest?.sitemap ?? [];

  await fastify.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      const immutable = path.includes(`${join(root, 'assets')}`);
      void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  fastify.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /admin\nDisallow: /api/\nDisallow: /auth/\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );
  fastify.get('/sitemap.xml', (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
          sitemap.map((path) => `  <url><loc>${publicUrl}${path === '/' ? '/' : path}</loc></url>`).join('\n') +
          `\n</urlset>\n`,
      ),
  );
  fastify.get('/signup', (_request, reply) => reply.redirect('/sign-up', 301));

  fastify.get('/*', (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return sendError(reply, new AppError(404, 'not_found', `No route for ${request.method} ${path}`));
    }
    const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const prerendered = pages.get(normalised);
    if (prerendered) return sendPage(request, reply, prerendered, 200, csp);
    if (CLIENT_ROUTES.some((route) => route.test(normalised))) return sendPage(request, reply, shell, 200, csp);
    return sendPage(request, reply, notFound, 404, csp);
  });

  return {
    sendGate: (request, reply) =>
      sendPage(request, reply, gate, 401, csp).header('x-robots-tag', 'noindex').header('cache-control', 'no-store'),
    isGateAsset: (path) => gateAssets.has(path),
  };
}
