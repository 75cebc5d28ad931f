import { Inject, Injectable, Logger } from '@nestjs/common';
import { RealtimeBus, type BusMessage, type PresenceMap } from '../bus/realtime-bus.js';
import { EVENTS, TOPIC_PREFIX } from '../protocol/frames.js';
import { Refusals, type Refusal } from '../protocol/reasons.js';
import { SharedBroadcast } from '../protocol/serializer.js';
import { PresenceTracker } from '../presence/presence-tracker.js';
import type { Subscription } from './subscription.js';

/**
 * A diff as realtime-js 2.109.0 can apply it. Its join handler strips `phx_ref` from the metas a key
 * already holds (the join event's payload is built from them in place), so a re-track sent as one
 * diff (joins and leaves of the same key) would leave the old meta behind for good. Leaves go first.
 */
export function clientDiffs(joins: PresenceMap, leaves: PresenceMap): { joins: PresenceMap; leaves: PresenceMap }[] {
  const empty = (map: PresenceMap) => Object.keys(map).length === 0;
  if (empty(joins) || empty(leaves)) return [{ joins, leaves }];
  return [
    { joins: {}, leaves },
    { joins, leaves: {} },
  ];
}

/**
 * The subscriptions of this instance by topic, and delivery of what the bus carries to them.
 * The bus watches a topic while at least one local subscription holds it.
 */
@Injectable()
export class LocalChannels {
  private readonly logger = new Logger('RealtimeChannels');
  private readonly topics = new Map<string, { subscriptions: Set<Subscription>; watched: Promise<void> }>();
  private recheck: (userId: string) => void = () => undefined;

  constructor(
    @Inject(RealtimeBus) private readonly bus: RealtimeBus,
    @Inject(PresenceTracker) private readonly presence: PresenceTracker,
  ) {}

  /** Resolves once the bus delivers the topic's messages to this subscription. */
  async add(subscription: Subscription): Promise<void> {
    let entry = this.topics.get(subscription.topic);
    if (!entry) {
      entry = { subscriptions: new Set(), watched: this.bus.watch(subscription.topic) };
      this.topics.set(subscription.topic, entry);
    }
    entry.subscriptions.add(subscription);
    try {
      await entry.watched;
    } catch (error) {
      this.remove(subscription);
      throw error;
    }
  }

  *all(): Iterable<Subscription> {
    for (const entry of this.topics.values()) yield* entry.subscriptions;
  }

  /** Ends a subscription: its notice first when it is closed by the server, then its presence leaves. */
  async close(subscription: Subscription, notice?: Refusal): Promise<void> {
    if (subscription.closed) return;
    if (notice) subscription.sendClosing(notice.message);
    subscription.closed = true;
    subscription.disarm();
    const { socket, fullTopic } = subscription;
    if (socket.subscriptions.get(fullTopic) === subscription) socket.subscriptions.delete(fullTopic);
    this.remove(subscription);
    await this.presence
      .untrack(subscription)
      .catch((error: unknown) =>
        this.logger.warn(`presence leave not announced on ${subscription.topic}: ${(error as Error).message}`),
      );
  }

  /** Who re-checks a user's channels when their access changed (RecheckChannelAccess, which needs the token check). */
  onAccessChanged(recheck: (userId: string) => void): void {
    this.recheck = recheck;
  }

  deliver(message: BusMessage): void {
    if (message.type === 'sessions') return this.endSessions(message);
    if (message.type === 'access') return this.recheck(message.userId);
    const entry = this.topics.get(message.topic);
    if (!entry) return;
    const broadcast =
      message.type === 'broadcast'
        ? new SharedBroadcast(
            `${TOPIC_PREFIX}${message.topic}`,
            message.event,
            message.bytes === undefined
              ? { json: message.json ?? {} }
              : { bytes: Buffer.from(message.bytes, 'base64') },
          )
        : null;
    for (const subscription of entry.subscriptions) {
      if (message.type === 'broadcast') {
        if (message.origin === subscription.id && !subscription.config.self) continue;
        if (broadcast) subscription.pushBroadcast(broadcast);
      } else if (message.type === 'presence') {
        if (subscription.config.presenceEnabled)
          for (const diff of clientDiffs(message.joins, message.leaves)) subscription.push(EVENTS.presenceDiff, diff);
      } else if (message.type === 'revoke' && subscription.userId === message.userId) {
        void this.close(subscription, Refusals.noLongerAllowed(subscription.topic));
      }
    }
  }

  /** Closes the channels of sessions that ended (sign-out, password change): `system` + `phx_close`, as a revocation. */
  private endSessions({ userId, only, except }: Extract<BusMessage, { type: 'sessions' }>): void {
    const ended = (sessionId: string) => (only !== undefined ? sessionId === only : sessionId !== except);
    for (const subscription of [...this.all()]) {
      if (subscription.userId === userId && ended(subscription.identity.sessionId))
        void this.close(subscription, Refusals.sessionEnded());
    }
  }

  private remove(subscription: Subscription): void {
    const entry = this.topics.get(subscription.topic);
    if (!entry?.subscriptions.delete(subscription) || entry.subscriptions.size > 0) return;
    this.topics.delete(subscription.topic);
    // Issued now, so the bus sees watch and unwatch of a topic in the order they happened here.
    this.bus
      .unwatch(subscription.topic)
      .catch((error: unknown) =>
        this.logger.warn(`could not stop watching ${subscription.topic}: ${(error as Error).message}`),
      );
  }
}
