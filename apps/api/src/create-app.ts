import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { LogController } from 'fastify';
import multipart from '@fastify/multipart';
import { resolve } from 'node:path';
import {
  AppError,
  ErrorFilter,
  JSON_BODY_LIMIT_BYTES,
  PinoNestLogger,
  createLogger,
  createValidationPipe,
  hasEncodedNul,
  parseJsonBody,
  registerSecurityHeaders,
  type AppConfig,
  sendError,
  type Clock,
} from '#app/platform';
import { registerSiteGate, SiteGate } from '#app/identity';
import { registerUploads } from '#app/content-moderation';
import { AppModule } from './app.module.js';
import { ORM_SETUP } from './composition.js';
import { serveSpa, type SpaPages } from './spa.js';
import { openApiDocument } from './openapi-document.js';

/** Bodies of other types (multipart and tus uploads read their own, with their own limits). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the HTTP application (used by main.ts and by the end-to-end tests). */
export async function createApiApp(config: AppConfig, options: { clock?: Clock } = {}): Promise<NestFastifyApplication> {
  const logger = createLogger(config.LOG_LEVEL, 'api');
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace' }),
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.register({ config, orm: ORM_SETUP, clock: options.clock }),
    adapter,
    { logger: new PinoNestLogger(logger), bufferLogs: false, bodyParser: false },
  );
  const fastify = app.getHttpAdapter().getInstance();
  // A route that needs a larger JSON body says so with @RouteConfig({ bodyLimit }); the rest take JSON_BODY_LIMIT_BYTES.
  fastify.addHook('onRoute', (route) => {
    const bodyLimit = (route.config as { bodyLimit?: number } | undefined)?.bodyLimit;
    if (bodyLimit) route.bodyLimit = bodyLimit;
  });
  // PostgreSQL refuses NUL in text: an encoded one in the path or query is refused before any route sees it.
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

  // Multipart bodies (ID images) are read by the routes that take them, each with its own limits.
  await app.register(multipart as never, { limits: { fileSize: 10 * 1024 * 1024, files: 2, fields: 10, parts: 12 } });
  registerSecurityHeaders(fastify);
  let spa: SpaPages | null = null;
  registerSiteGate(fastify, app.get(SiteGate), () => spa);
  registerUploads(fastify, app);
  app.enableCors({
    origin: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version'],
    exposedHeaders: ['X-Supabase-Api-Version', 'x-sb-error-code'],
    maxAge: 600,
  });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ErrorFilter());
  app.enableShutdownHooks();

  SwaggerModule.setup('api/docs', app, openApiDocument(app), { jsonDocumentUrl: 'api/docs/openapi.json' });
  spa = await serveSpa(fastify, resolve(config.WEB_DIST ?? 'frontend/dist'), config.PUBLIC_URL);
  await app.init();
  return app;
}
