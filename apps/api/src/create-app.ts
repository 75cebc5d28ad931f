import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { LogController } from 'fastify';
import multipart from '@fastify/multipart';
import { resolve } from 'node:path';
import {
  ErrorFilter,
  PinoNestLogger,
  createLogger,
  createValidationPipe,
  registerSecurityHeaders,
  type AppConfig,
  registerRequestChecks,
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
  // Bodies and targets are checked before any route or DTO sees them (limits in README).
  registerRequestChecks(fastify);

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
