import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, Clock, type AppConfig } from '#app/platform';
import { EVENTS, LIMITS, TOPIC_PREFIX, isRecord, type Frame } from '../protocol/frames.js';
import { Refusal, Refusals } from '../protocol/reasons.js';
import { RealtimeMetrics } from '../realtime.metrics.js';
import { PresenceTracker } from '../presence/presence-tracker.js';
import type { ClientSocket } from '../transport/client-socket.js';
import { LocalChannels } from '../transport/local-channels.js';
import { Subscription } from '../transport/subscription.js';
import { ConnectionCaps } from '../transport/connection-caps.js';
import { ChannelAccess } from './channel-access.js';

const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const MAX_PRESENCE_KEY = 255;

/**
 * `phx_join` (contract §3, §6): private channels only, at most 100 per socket, a valid access token
 * and the topic's rule. A join for a joined topic replaces the old subscription. On success: the
 * `ok` reply with `postgres_changes: []`, then `presence_state` when presence is on.
 */
@Injectable()
export class JoinChannel {
  private readonly logger = new Logger('RealtimeJoin');
  /** Set while the instance shuts down: joins are refused so clients go to another instance. */
  restarting = false;

  constructor(
    @Inject(ChannelAccess) private readonly access: ChannelAccess,
    @Inject(LocalChannels) private readonly channels: LocalChannels,
    @Inject(PresenceTracker) private readonly presence: PresenceTracker,
    @Inject(RealtimeMetrics) private readonly metrics: RealtimeMetrics,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ConnectionCaps) private readonly caps: ConnectionCaps,
  ) {}

  async execute(socket: ClientSocket, frame: Frame): Promise<void> {
    cancelRefusal(socket, frame.topic);
    if (!frame.topic.startsWith(TOPIC_PREFIX)) return this.refuse(socket, frame, Refusals.unmatchedTopic());
    const topic = frame.topic.slice(TOPIC_PREFIX.length);
    if (!topic) return this.refuse(socket, frame, Refusals.topicRequired());
    if (this.restarting) return this.refuse(socket, frame, Refusals.restarting());
    const payload = record(frame.payload);
    const config = record(payload.config);
    if (config.private !== true) return this.refuse(socket, frame, Refusals.privateOnly());
    const existing = socket.subscriptions.get(frame.topic);
    if (!existing && socket.subscriptions.size >= LIMITS.channelsPerSocket)
      return this.refuse(socket, frame, Refusals.tooManyChannels());
    if (!socket.allowJoin(Date.now())) return this.refuse(socket, frame, Refusals.tooManyJoins());

    const decision = await this.access.authorize(payload.access_token, topic);
    if (socket.closed) return;
    // A join for a joined topic replaces the subscription, whether it is accepted or not.
    if (existing) await this.channels.close(existing);
    if (decision instanceof Refusal) return this.refuse(socket, frame, decision);
    if (!this.caps.claim(socket, decision.identity.userId)) {
      this.metrics.connectionsRefused.inc({ cap: 'account' });
      return this.refuse(socket, frame, Refusals.tooManyConnectionsForAccount());
    }

    const broadcast = record(config.broadcast);
    const presence = record(config.presence);
    const key =
      typeof presence.key === 'string' && presence.key !== '' && presence.key.length <= MAX_PRESENCE_KEY
        ? presence.key
        : randomUUID();
    const subscription = new Subscription(
      socket,
      topic,
      frame.joinRef ?? frame.ref,
      {
        self: broadcast.self === true,
        ack: broadcast.ack === true,
        presenceEnabled: presence.enabled === true && decision.access.presence,
        presenceKey: key,
      },
      decision.identity,
      decision.access,
    );
    socket.subscriptions.set(frame.topic, subscription);
    let state: unknown = null;
    try {
      // Watching first, so no diff between the state read and the reply is lost (the backlog keeps it).
      await this.channels.add(subscription);
      if (subscription.config.presenceEnabled) state = await this.presence.state(topic);
    } catch (error) {
      this.logger.warn(`join of ${topic} failed: ${(error as Error).message}`);
      await this.channels.close(subscription);
      return this.refuse(socket, frame, Refusals.unavailable());
    }
    if (socket.closed || subscription.closed) return;
    socket.reply(frame, 'ok', { postgres_changes: [] });
    if (state)
      socket.send({
        joinRef: subscription.joinRef,
        ref: null,
        topic: frame.topic,
        event: EVENTS.presenceState,
        payload: state,
      });
    subscription.open();
    this.armExpiry(subscription);
  }

  /** The token's expiry ends the subscription (contract §6), unless a refresh re-arms it first. */
  armExpiry(subscription: Subscription): void {
    const now = () => this.clock.now().getTime();
    subscription.armExpiry(now, () => {
      const secondsAgo = Math.max(0, Math.floor(now() / 1000) - subscription.identity.expiresAt);
      void this.channels.close(subscription, Refusals.expired(secondsAgo));
    });
  }

  private refuse(socket: ClientSocket, frame: Frame, refusal: Refusal): void {
    this.metrics.joinsRefused.inc({ reason: refusal.code || 'UnmatchedTopic' });
    const send = () => {
      socket.pendingRefusals.delete(frame.topic);
      socket.reply(frame, 'error', { reason: refusal.reason });
    };
    const delay = this.config.REALTIME_REFUSED_JOIN_DELAY_MS;
    if (delay === 0) return send();
    // The client rejoins a refused channel forever; answering late keeps that cheap.
    const timer = setTimeout(send, delay);
    timer.unref();
    socket.pendingRefusals.set(frame.topic, timer);
  }
}

/** A newer join or a leave for the topic: the older refusal is no longer awaited. */
export function cancelRefusal(socket: ClientSocket, topic: string): void {
  const timer = socket.pendingRefusals.get(topic);
  if (!timer) return;
  clearTimeout(timer);
  socket.pendingRefusals.delete(topic);
}
