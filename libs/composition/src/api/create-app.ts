import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import {
  ErrorFilter,
  Metrics,
  PinoNestLogger,
  createLogger,
  createValidationPipe,
  mediaOrigins,
  observeRequests,
  readBodies,
  refuseEncodedNul,
  securityHeadersMiddleware,
  type AppConfig,
  type Clock,
  type LogSink,
} from '#app/platform';
import { siteGateMiddleware, SiteGate } from '#app/identity';
import { uploadsHandler, UPLOADS_PATH } from '#app/content-moderation';
import { RealtimeServer, REALTIME_BROADCAST_PATH, REALTIME_BROADCAST_BODY_LIMIT } from '#app/realtime';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '#app/messaging';
import { AppModule } from './app.module.js';
import { ORM_SETUP } from '../orm-setup.js';
import { noWebApp, serveSpa } from './spa.js';
import { openApiDocument } from './openapi-document.js';
import { FanmintExpressAdapter } from './express-adapter.js';

/** Builds the HTTP application (used by main.ts and by the end-to-end tests). */
export async function createApiApp(
  config: AppConfig,
  options: { clock?: Clock; logSink?: LogSink } = {},
): Promise<NestExpressApplication> {
  const logger = createLogger(config.LOG_LEVEL, 'api', options.logSink);
  const web = serveSpa(
    resolve(config.WEB_DIST ?? 'frontend/dist'),
    config.PUBLIC_URL,
    mediaOrigins(config),
    config.PUBLIC_ANON_KEY[0],
  );
  const adapter = new FanmintExpressAdapter(() => (web ? web.router : noWebApp()));
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.register({ config, orm: ORM_SETUP, clock: options.clock }),
    adapter,
    { logger: new PinoNestLogger(logger), bufferLogs: false, bodyParser: false },
  );
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.set('etag', false);
  app.disable('x-powered-by');
  // A long upload is one request: no deadline on it; idle keep-alive connections close after 72 s.
  const server = app.getHttpServer() as Server;
  server.requestTimeout = 0;
  server.keepAliveTimeout = 72_000;
  // /realtime/v1/websocket: WebSocket upgrades on the same server (closed with 1001 by HttpDrain).
  app.get(RealtimeServer).attach(server);

  // Targets and bodies are checked before any route or DTO sees them (limits in README).
  app.use(observeRequests(app.get(Metrics)));
  app.use(refuseEncodedNul());
  app.use(securityHeadersMiddleware(mediaOrigins(config)));
  app.use(siteGateMiddleware(app.get(SiteGate), () => web));
  app.enableCors({
    origin: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'authorization',
      'apikey',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
      'x-request-id',
    ],
    exposedHeaders: ['X-Supabase-Api-Version', 'x-sb-error-code', 'X-Request-Id'],
    maxAge: 600,
  });
  app.use(
    readBodies({
      jsonLimit: (request) =>
        request.url?.startsWith(REALTIME_BROADCAST_PATH) ? REALTIME_BROADCAST_BODY_LIMIT : undefined,
      acceptsForm: (request) => request.method === 'POST' && request.url?.split('?')[0] === ONE_CLICK_UNSUBSCRIBE_PATH,
    }),
  );
  const uploads = uploadsHandler(app);
  const express = app.getHttpAdapter().getInstance();
  express.all(UPLOADS_PATH, uploads);
  express.all(`${UPLOADS_PATH}/*upload`, uploads);

  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ErrorFilter());
  app.enableShutdownHooks();

  // Built on the first request for it: scanning every route costs a start about half a second.
  SwaggerModule.setup('api/docs', app, () => openApiDocument(app), { jsonDocumentUrl: 'api/docs/openapi.json' });
  await app.init();
  return app;
}
