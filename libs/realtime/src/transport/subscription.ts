import { randomUUID } from 'node:crypto';
import type { TopicAccess } from '../realtime.ports.js';
import type { PresenceMeta } from '../bus/realtime-bus.js';
import { EVENTS, LIMITS, TOPIC_PREFIX } from '../protocol/frames.js';
import type { SharedBroadcast } from '../protocol/serializer.js';
import type { ClientSocket } from './client-socket.js';

/** The signed-in user behind a subscription, as its latest accepted access token says. */
export interface ChannelIdentity {
  userId: string;
  /** The session the token belongs to (its `session_id`). */
  sessionId: string;
  token: string;
  /** The token's `exp`, in seconds. */
  expiresAt: number;
}

export interface SubscriptionConfig {
  self: boolean;
  ack: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
}

/** Longest delay setTimeout takes; a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One joined channel of one socket. Until `open()` (after the join reply and presence_state) the
 * messages the bus delivers wait in a backlog, so none overtakes the reply.
 */
export class Subscription {
  readonly id = randomUUID();
  readonly fullTopic: string;
  tracked: PresenceMeta | null = null;
  closed = false;
  private tracks: number[] = [];
  private expiry: NodeJS.Timeout | null = null;
  private backlog: (() => void)[] | null = [];

  constructor(
    readonly socket: ClientSocket,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly config: SubscriptionConfig,
    public identity: ChannelIdentity,
    public access: TopicAccess,
  ) {
    this.fullTopic = `${TOPIC_PREFIX}${topic}`;
  }

  get userId(): string {
    return this.identity.userId;
  }

  /** A server push on this channel: join_ref current, ref null. */
  push(event: string, payload: unknown): void {
    if (this.closed) return;
    const send = () => this.socket.send({ joinRef: this.joinRef, ref: null, topic: this.fullTopic, event, payload });
    if (this.backlog) this.backlog.push(send);
    else send();
  }

  /** A broadcast (encoded once for all subscriptions): JSON as a text frame; bytes as a kind-4 frame (vsn 2.0.0 only: 1.0.0 clients cannot read them). */
  pushBroadcast(broadcast: SharedBroadcast): void {
    if (this.closed) return;
    let data: string | Buffer | null;
    if (broadcast.isBinary) data = this.socket.vsn === '2.0.0' ? broadcast.binaryFrame() : null;
    else data = broadcast.text(this.socket.vsn, this.joinRef);
    if (data === null) return;
    const frame = data;
    if (this.backlog) this.backlog.push(() => this.socket.sendEncoded(frame));
    else this.socket.sendEncoded(frame);
  }

  /** The final notice of contract §3: a `system` error, then `phx_close` (ref = join ref), ahead of anything waiting. */
  sendClosing(message: string): void {
    const system = { extension: 'system', status: 'error', message, channel: this.topic };
    this.socket.send({
      joinRef: this.joinRef,
      ref: null,
      topic: this.fullTopic,
      event: EVENTS.system,
      payload: system,
    });
    this.socket.send({
      joinRef: this.joinRef,
      ref: this.joinRef,
      topic: this.fullTopic,
      event: EVENTS.close,
      payload: {},
    });
  }

  /** Delivers what waited behind the join reply; from now on pushes go straight out. */
  open(): void {
    const waiting = this.backlog ?? [];
    this.backlog = null;
    for (const send of waiting) send();
  }

  /** Counts a presence track; false once the subscription has used its allowance for the window. */
  allowTrack(now: number): boolean {
    this.tracks = this.tracks.filter((at) => now - at < LIMITS.trackWindowMs);
    if (this.tracks.length >= LIMITS.tracksPerWindow) return false;
    this.tracks.push(now);
    return true;
  }

  /** Calls `fire` once the token's `exp` has passed (re-armed by every accepted refresh). */
  armExpiry(now: () => number, fire: () => void): void {
    this.disarm();
    const wait = this.identity.expiresAt * 1000 - now();
    this.expiry = setTimeout(
      () => (wait > MAX_TIMER_MS ? this.armExpiry(now, fire) : fire()),
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
    this.expiry.unref();
  }

  disarm(): void {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = null;
  }
}
