import { Inject, Injectable, Optional, type BeforeApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';

/**
 * Connections the HTTP server handed over on an upgrade (WebSockets). The server's close waits for
 * them too, so whoever holds them closes them when the drain starts.
 */
export abstract class UpgradedConnections {
  abstract closeAll(): Promise<void>;
}

/**
 * Nest runs shutdown hooks before it closes the HTTP server, so without this the database
 * would close under requests still in flight. This stops accepting connections, closes upgraded
 * ones (their clients reconnect elsewhere), drops idle keep-alive ones as requests finish, and
 * returns once every running request has answered.
 */
@Injectable()
export class HttpDrain implements BeforeApplicationShutdown {
  constructor(
    @Inject(HttpAdapterHost) private readonly host: HttpAdapterHost,
    @Optional() @Inject(UpgradedConnections) private readonly upgraded?: UpgradedConnections,
  ) {}

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.host.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server?.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.closeIdleConnections();
    try {
      await this.upgraded?.closeAll();
      await closed;
    } finally {
      clearInterval(sweep);
    }
  }
}
