import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { LIMITS, type Frame, type Vsn } from '../protocol/frames.js';
import { FrameError, decodeFrame, encodeText } from '../protocol/serializer.js';
import type { RealtimeMetrics } from '../realtime.metrics.js';
import type { Subscription } from './subscription.js';

export interface SocketHooks {
  /** Handles one frame; frames of a socket are handled one after the other, in arrival order. */
  route(socket: ClientSocket, frame: Frame): Promise<void>;
  /** The socket closed (either side): drop its subscriptions and presence. */
  closed(socket: ClientSocket): Promise<void>;
  onError(error: unknown): void;
}

/** Close codes this server sends. */
export const CLOSE = { normal: 1000, goingAway: 1001, policy: 1008, invalidData: 1007 } as const;

/** One /realtime/v1 connection: its frame queue, idle timer, channels and outbound writes. */
export class ClientSocket {
  readonly id = randomUUID();
  /** By full topic (`realtime:user:…`). */
  readonly subscriptions = new Map<string, Subscription>();
  /** Refusal replies held back (REALTIME_REFUSED_JOIN_DELAY_MS), by full topic. */
  readonly pendingRefusals = new Map<string, NodeJS.Timeout>();
  closed = false;
  /** The client's address (ConnectionCaps), and the users who joined a channel on this socket. */
  address = '';
  readonly users = new Set<string>();
  /** Client broadcasts handed to the bus and not yet confirmed (SendBroadcast's backpressure). */
  broadcastsInFlight = 0;
  /** Settles once the socket's subscriptions and presence are gone. */
  readonly finished: Promise<void>;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private readonly idle: NodeJS.Timeout;
  private joinWindow = { start: 0, count: 0 };
  private events: { tokens: number; at: number } = { tokens: LIMITS.eventBurst, at: 0 };
  private dropWindow = { start: 0, count: 0 };

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    idleMs: number,
    private readonly metrics: RealtimeMetrics,
    private readonly hooks: SocketHooks,
  ) {
    this.idle = setTimeout(() => this.close(CLOSE.normal, 'idle timeout'), idleMs);
    this.idle.unref();
    let finish: () => void = () => undefined;
    this.finished = new Promise((resolve) => (finish = resolve));
    ws.on('message', (data: Buffer, isBinary: boolean) => this.receive(data, isBinary));
    ws.on('error', () => undefined);
    ws.once('close', () => {
      this.closed = true;
      clearTimeout(this.idle);
      for (const timer of this.pendingRefusals.values()) clearTimeout(timer);
      this.pendingRefusals.clear();
      // Frames already queued find the socket closed and do nothing; then the channels go.
      this.queue
        .then(() => this.hooks.closed(this))
        .catch((error: unknown) => this.hooks.onError(error))
        .finally(finish);
    });
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    this.metrics.frames.inc({ direction: 'in' });
    this.idle.refresh();
    let frame: Frame;
    try {
      frame = decodeFrame(this.vsn, data, isBinary);
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      return this.close(CLOSE.invalidData, error.message.slice(0, 120));
    }
    if (++this.queued > LIMITS.queuedFrames) return this.close(CLOSE.policy, 'too many frames waiting');
    this.queue = this.queue
      .then(() => (this.closed ? undefined : this.hooks.route(this, frame)))
      .catch((error: unknown) => this.hooks.onError(error))
      .finally(() => this.queued--);
  }

  send(frame: Frame): void {
    this.write(encodeText(this.vsn, frame));
  }

  /** A frame already encoded for this socket's vsn: a string goes as a text frame, a Buffer as a binary one. */
  sendEncoded(frame: string | Buffer): void {
    this.write(frame);
  }

  /** `phx_reply` to a frame: same topic, ref and join_ref. */
  reply(to: Frame, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.send({ joinRef: to.joinRef, ref: to.ref, topic: to.topic, event: 'phx_reply', payload: { status, response } });
  }

  /** Counts a join attempt; false once the socket has used its allowance for the window. */
  allowJoin(now: number): boolean {
    if (now - this.joinWindow.start >= LIMITS.joinWindowMs) this.joinWindow = { start: now, count: 0 };
    return ++this.joinWindow.count <= LIMITS.joinsPerWindow;
  }

  /**
   * Takes one client event (broadcast, presence) from the socket's token bucket: `ok`, `dropped` when
   * the bucket is empty, `abusive` once the socket has had too many dropped within the window.
   */
  takeEvent(now: number): 'ok' | 'dropped' | 'abusive' {
    const refill = (Math.max(0, now - this.events.at) / 1000) * LIMITS.eventsPerSecond;
    this.events = { tokens: Math.min(LIMITS.eventBurst, this.events.tokens + refill), at: now };
    if (this.events.tokens >= 1) {
      this.events.tokens -= 1;
      return 'ok';
    }
    if (now - this.dropWindow.start >= LIMITS.dropWindowMs) this.dropWindow = { start: now, count: 0 };
    return ++this.dropWindow.count >= LIMITS.droppedEventsToClose ? 'abusive' : 'dropped';
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close(code, reason);
  }

  /** Drops the connection without a closing handshake (a peer that did not answer ours). */
  terminate(): void {
    this.ws.terminate();
  }

  private write(data: string | Buffer): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    // A client that reads slower than it is written to would hold memory without bound.
    if (this.ws.bufferedAmount > LIMITS.bufferedBytes) return this.close(CLOSE.policy, 'client too slow');
    this.ws.send(data);
    this.metrics.frames.inc({ direction: 'out' });
  }
}
