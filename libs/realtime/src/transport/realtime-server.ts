import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { APP_CONFIG, UpgradedConnections, type AppConfig } from '#app/platform';
import { SITE_ACCESS_COOKIE, SiteGate } from '#app/identity';
import { LIMITS, type Vsn } from '../protocol/frames.js';
import { Refusals } from '../protocol/reasons.js';
import { RealtimeMetrics } from '../realtime.metrics.js';
import { JoinChannel } from '../channels/join-channel.js';
import { CLOSE, ClientSocket } from './client-socket.js';
import { FrameRouter } from './frame-router.js';
import { LocalChannels } from './local-channels.js';
import { ConnectionCaps, clientAddress } from './connection-caps.js';

export const REALTIME_SOCKET_PATH = '/realtime/v1/websocket';
const VERSIONS: readonly Vsn[] = ['1.0.0', '2.0.0'];
/** How long clients get to answer our 1001 before their sockets are dropped. */
const CLOSE_GRACE_MS = 2000;

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

function refuseUpgrade(socket: Duplex, status: number, error: string): void {
  const body = JSON.stringify({ error });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * The WebSocket endpoint on the api's HTTP server (`ws`, no socket.io): the apikey and the site
 * gate are checked at the upgrade (HTTP 401 with `{"error"}`), vsn 2.0.0 and 1.0.0 are served, and
 * on shutdown every socket is closed with 1001 so its client reconnects to another instance.
 */
@Injectable()
export class RealtimeServer extends UpgradedConnections {
  private readonly logger = new Logger('Realtime');
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: LIMITS.frameBytes,
    perMessageDeflate: false,
    clientTracking: false,
  });
  private readonly sockets = new Set<ClientSocket>();
  private closing = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FrameRouter) private readonly router: FrameRouter,
    @Inject(LocalChannels) private readonly channels: LocalChannels,
    @Inject(JoinChannel) private readonly join: JoinChannel,
    @Inject(SiteGate) private readonly gate: SiteGate,
    @Inject(RealtimeMetrics) private readonly metrics: RealtimeMetrics,
    @Inject(ConnectionCaps) private readonly caps: ConnectionCaps,
  ) {
    super();
  }

  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname === REALTIME_SOCKET_PATH) this.upgrade(request, socket, head, url);
      // Nobody else takes upgrades: an unknown path is answered rather than left hanging.
      else if (server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 404, 'Not found');
    });
  }

  get connectionCount(): number {
    return this.sockets.size;
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
    socket.on('error', () => socket.destroy());
    if (this.closing) return refuseUpgrade(socket, 503, 'Realtime is restarting, please standby');
    const apikey = url.searchParams.get('apikey');
    if (!apikey) return refuseUpgrade(socket, 401, 'No API key found in request');
    if (!this.config.PUBLIC_ANON_KEY.includes(apikey)) return refuseUpgrade(socket, 401, 'Invalid API key');
    // Phoenix reads a missing vsn as 1.0.0.
    const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
    if (!VERSIONS.includes(vsn)) return refuseUpgrade(socket, 403, `Unsupported serializer version: ${vsn}`);
    const address = clientAddress(request, this.config.TRUST_PROXY);
    if (!this.caps.admits(address)) return this.refuseCap(socket);
    this.gate.admits(readCookie(request.headers.cookie, SITE_ACCESS_COOKIE)).then(
      (admitted) => {
        if (!admitted)
          return refuseUpgrade(
            socket,
            401,
            'This site is password protected. Enter the site password at / to continue.',
          );
        if (this.closing || socket.destroyed)
          return refuseUpgrade(socket, 503, 'Realtime is restarting, please standby');
        // Checked again: the gate's answer may come after other sockets of the address were accepted.
        if (!this.caps.admits(address)) return this.refuseCap(socket);
        this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, vsn, address));
      },
      () => refuseUpgrade(socket, 503, 'The service is briefly unavailable; try again in a moment.'),
    );
  }

  private refuseCap(socket: Duplex): void {
    this.metrics.connectionsRefused.inc({ cap: 'address' });
    refuseUpgrade(socket, 429, Refusals.tooManyConnectionsFromAddress().reason);
  }

  private accept(ws: WebSocket, vsn: Vsn, address: string): void {
    const socket = new ClientSocket(ws, vsn, this.config.REALTIME_IDLE_TIMEOUT_MS, this.metrics, {
      route: (client, frame) => this.router.route(client, frame),
      closed: (client) => this.forget(client),
      onError: (error) => this.logger.error(`realtime frame failed: ${(error as Error)?.stack ?? String(error)}`),
    });
    socket.address = address;
    this.caps.opened(socket);
    this.sockets.add(socket);
    this.metrics.connections.inc();
  }

  private async forget(socket: ClientSocket): Promise<void> {
    try {
      await Promise.all([...socket.subscriptions.values()].map((subscription) => this.channels.close(subscription)));
    } finally {
      this.caps.closed(socket);
      this.sockets.delete(socket);
      this.metrics.connections.dec();
    }
  }

  /** Drops every connection without a closing handshake, as a crash or a cut network would (operations, tests). */
  dropConnections(): number {
    for (const socket of this.sockets) socket.terminate();
    return this.sockets.size;
  }

  /** Shutdown (HttpDrain): no new sockets or joins, every socket closed with 1001, its presence removed. */
  async closeAll(): Promise<void> {
    this.closing = true;
    this.join.restarting = true;
    const sockets = [...this.sockets];
    for (const socket of sockets) socket.close(CLOSE.goingAway, 'server shutting down');
    const grace = setTimeout(() => sockets.forEach((socket) => socket.terminate()), CLOSE_GRACE_MS);
    try {
      await Promise.all(sockets.map((socket) => socket.finished));
    } finally {
      clearTimeout(grace);
    }
  }
}
