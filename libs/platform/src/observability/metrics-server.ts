import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Metrics } from './metrics.js';

/**
 * Serves GET /metrics on METRICS_PORT, a listener of its own: the public port never shows it.
 * With METRICS_TOKEN set, only `Authorization: Bearer <token>` is answered. The long-running
 * processes start it (main.ts); one-off commands booting the same modules (seed, month-end) do not.
 */
@Injectable()
export class MetricsServer implements OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  /** The port it listens on (METRICS_PORT=0 picks one), or null when metrics are off. */
  get port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? address.port : null;
  }

  /** Listens on METRICS_PORT unless metrics are off; a second call does nothing. */
  async start(): Promise<void> {
    if (this.config.METRICS_PORT === null || this.server) return;
    const server = createServer((request, response) => void this.answer(request, response));
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.METRICS_PORT!, this.config.METRICS_HOST, () => resolve());
    });
    this.server = server;
    this.logger.log(`metrics at http://${this.config.METRICS_HOST}:${this.port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    // The worker has no HTTP port: its liveness probe asks here, cheaply and without the token.
    if (path === '/health/live') return send(response, 200, request.method === 'HEAD' ? '' : 'ok\n');
    if (path !== '/metrics') return send(response, 404, 'Not found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(response, 405, 'Method not allowed\n', { allow: 'GET, HEAD' });
    if (!this.authorised(request.headers.authorization))
      return send(response, 401, 'Unauthorized\n', { 'www-authenticate': 'Bearer realm="metrics"' });
    try {
      const body = await this.metrics.text();
      send(response, 200, request.method === 'HEAD' ? '' : body, { 'content-type': this.metrics.contentType });
    } catch (error) {
      this.logger.error(`Metrics scrape failed: ${(error as Error).message}`);
      send(response, 500, 'Metrics unavailable\n');
    }
  }

  private authorised(header: string | undefined): boolean {
    const token = this.config.METRICS_TOKEN;
    if (!token) return true;
    const offered = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
    const expected = Buffer.from(token);
    return offered.length === expected.length && timingSafeEqual(offered, expected);
  }
}

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  response.end(body);
}
