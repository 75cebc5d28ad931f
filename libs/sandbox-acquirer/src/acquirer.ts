import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { startBackgroundLoop, runBackgroundOnce } from './background.js';
import type { AcquirerConfig } from './config.js';
import { createPool } from './database/database.js';
import { migrateAcquirer } from './database/migrations/index.js';
import { ApiError } from './domain/errors.js';
import { hostedPages } from './http/hosted-pages.js';
import { merchantAuth } from './http/merchant-auth.js';
import { merchantApi } from './http/merchant-api.js';
import { securityHeaders } from './http/security-headers.js';
import { testApi } from './http/test-api.js';
import { createLogger, type LogSink } from './logger.js';
import type { AcquirerContext } from './services/context.js';

export interface AcquirerOptions {
  /** Where log lines go (one JSON object each); stdout by default. */
  logSink?: LogSink;
}

export interface Acquirer {
  /** The public origin of the API and the hosted pages (after `listen()`). */
  readonly url: string;
  readonly config: AcquirerConfig;
  listen(): Promise<string>;
  /** Runs the background work (expiry, disputes, confirmations, webhooks) once, now. */
  tick(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the sandbox acquirer: migrates its schema, then serves once `listen()` is called. */
export async function createAcquirer(config: AcquirerConfig, options: AcquirerOptions = {}): Promise<Acquirer> {
  const log = createLogger(config.logLevel, options.logSink);
  const pool = createPool(config.databaseUrl, config.schema);
  const client = await pool.connect();
  try {
    const applied = await migrateAcquirer(client, config.schema);
    if (applied.length) log.info('migrations applied', { schema: config.schema, applied });
  } catch (error) {
    client.release();
    await pool.end();
    throw error;
  }
  client.release();

  let publicUrl: string | null = null;
  const ctx: AcquirerContext = {
    pool,
    config,
    log,
    publicUrl: () => {
      if (!publicUrl) throw new Error('the acquirer is not listening yet');
      return publicUrl;
    },
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(securityHeaders);
  app.use((request: Request, response: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.debug('request', {
        method: request.method,
        path: request.path,
        status: response.statusCode,
        ms: Math.round(ms * 10) / 10,
      });
    });
    next();
  });
  app.get('/health', (_request, response) => void response.json({ status: 'ok' }));
  app.use('/v1', express.json({ limit: '64kb' }), merchantAuth(config.secretKey));
  app.use('/v1/test', testApi(ctx));
  app.use('/v1', merchantApi(ctx));
  app.use(hostedPages(ctx));
  app.use((request: Request, _response: Response, next: NextFunction) =>
    next(new ApiError(404, 'not_found', `No route for ${request.method} ${request.path}`)),
  );
  app.use((error: unknown, request: Request, response: Response, _next: NextFunction) => {
    const known =
      error instanceof ApiError
        ? error
        : (error as { type?: string }).type === 'entity.parse.failed'
          ? ApiError.invalid('The request body is not valid JSON')
          : typeof (error as { status?: number }).status === 'number' && (error as { status: number }).status < 500
            ? new ApiError((error as { status: number }).status, 'invalid_request', 'The request could not be read')
            : null;
    if (!known)
      log.error('request failed', { method: request.method, path: request.path, error: (error as Error).message });
    const answer = known ?? new ApiError(500, 'server_error', 'Something went wrong on our side');
    if (!request.path.startsWith('/v1') && request.accepts('html') && answer.status === 404) {
      response.status(404).type('text').send('Not found');
      return;
    }
    response.status(answer.status).json(answer.toBody());
  });

  const server: Server = createServer(app);
  let loop: ReturnType<typeof startBackgroundLoop> | null = null;
  let closing: Promise<void> | null = null;

  return {
    config,
    get url() {
      return ctx.publicUrl();
    },
    async listen() {
      server.listen(config.port, config.host);
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      publicUrl = config.publicUrl ?? `http://${host}:${port}`;
      loop = startBackgroundLoop(ctx);
      log.info('acquirer listening', { url: publicUrl, port, schema: config.schema });
      return publicUrl;
    },
    tick: () => (loop ? loop.runNow() : runBackgroundOnce(ctx)),
    close() {
      closing ??= (async () => {
        await loop?.stop();
        if (server.listening) {
          server.closeIdleConnections();
          const closed = once(server, 'close');
          server.close();
          const force = setTimeout(() => server.closeAllConnections(), 5_000);
          await closed;
          clearTimeout(force);
        }
        await pool.end();
      })();
      return closing;
    },
  };
}
