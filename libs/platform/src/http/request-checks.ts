import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';
import { sendError } from './error.filter.js';
import { hasEncodedNul, JSON_BODY_LIMIT_BYTES, parseJsonBody } from './json-body.js';

/**
 * Wires the framework-neutral checks of json-body.ts into Fastify: an encoded NUL in the target is
 * refused before routing, JSON bodies are read as text up to their route's limit and scanned before
 * they are parsed. A route that needs a larger JSON body says so with @RouteConfig({ bodyLimit }).
 */
export function registerRequestChecks(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const bodyLimit = (route.config as { bodyLimit?: number } | undefined)?.bodyLimit;
    if (bodyLimit) route.bodyLimit = bodyLimit;
  });
  fastify.addHook('onRequest', async (request, reply) => {
    if (!hasEncodedNul(request.url)) return;
    sendError(reply, new AppError(400, 'bad_request', 'The request path or query contains a NUL character (%00), which no route accepts'));
    return reply;
  });
  // auth-js posts /logout with a JSON content type and no body; an empty body reads as no body.
  fastify.removeContentTypeParser(['application/json']);
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT_BYTES }, (request, body, done) => {
    // Routes that verify a signature over the exact bytes (payment webhooks) ask for the raw body.
    if ((request.routeOptions.config as { rawBody?: boolean } | undefined)?.rawBody) (request as { rawBody?: string }).rawBody = body as string;
    if (body === '') return done(null, undefined);
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });
}
