import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { RealtimeBus, type PresenceMap, type PresenceMeta } from '../bus/realtime-bus.js';
import { RealtimeInstance } from '../realtime.instance.js';
import type { Subscription } from '../transport/subscription.js';
import { PresenceStore, toPresenceMap, type PresenceEntry } from './presence-store.js';

const newRef = () => randomBytes(12).toString('base64url');
const one = (key: string, meta: PresenceMeta): PresenceMap => ({ [key]: { metas: [meta] } });

/**
 * Presence of contract §5: one meta per subscription under its key, kept in the shared store; every
 * change goes out as a `presence_diff` on the bus (joins and leaves, both always present).
 */
@Injectable()
export class PresenceTracker {
  private readonly logger = new Logger('RealtimePresence');

  constructor(
    @Inject(PresenceStore) private readonly store: PresenceStore,
    @Inject(RealtimeBus) private readonly bus: RealtimeBus,
    @Inject(RealtimeInstance) private readonly instance: RealtimeInstance,
  ) {}

  /** Tracks (or re-tracks, replacing) the subscription's meta. */
  async track(subscription: Subscription, payload: Record<string, unknown>): Promise<void> {
    const previous = subscription.tracked;
    const meta: PresenceMeta = {
      ...payload,
      phx_ref: newRef(),
      ...(previous ? { phx_ref_prev: previous.phx_ref } : {}),
    };
    const { topic, config } = subscription;
    await this.store.put(this.instance.id, { topic, subscriptionId: subscription.id, key: config.presenceKey, meta });
    subscription.tracked = meta;
    await this.bus.publish({
      type: 'presence',
      topic,
      joins: one(config.presenceKey, meta),
      leaves: previous ? one(config.presenceKey, previous) : {},
    });
  }

  /** Removes the subscription's meta (untrack, leave, close); nothing when it tracked none. */
  async untrack(subscription: Subscription): Promise<void> {
    const previous = subscription.tracked;
    if (!previous) return;
    subscription.tracked = null;
    await this.store.remove(subscription.topic, subscription.id);
    await this.bus.publish({
      type: 'presence',
      topic: subscription.topic,
      joins: {},
      leaves: one(subscription.config.presenceKey, previous),
    });
  }

  async state(topic: string): Promise<PresenceMap> {
    return toPresenceMap(await this.store.list(topic));
  }

  /** Tells every instance that these metas left (a dead instance's, purged by this one). */
  async announceLeft(entries: PresenceEntry[]): Promise<void> {
    const byTopic = new Map<string, PresenceEntry[]>();
    for (const entry of entries) byTopic.set(entry.topic, [...(byTopic.get(entry.topic) ?? []), entry]);
    for (const [topic, left] of byTopic) {
      await this.bus
        .publish({ type: 'presence', topic, joins: {}, leaves: toPresenceMap(left) })
        .catch((error: unknown) =>
          this.logger.warn(`presence leaves not announced on ${topic}: ${(error as Error).message}`),
        );
    }
  }

  /** Puts this instance's metas back after others purged it as dead (it was paused past the TTL), and announces them again. */
  async restore(subscriptions: Iterable<Subscription>): Promise<void> {
    for (const subscription of subscriptions) {
      const meta = subscription.tracked;
      if (!meta || subscription.closed) continue;
      const { topic, config } = subscription;
      await this.store.put(this.instance.id, { topic, subscriptionId: subscription.id, key: config.presenceKey, meta });
      await this.bus.publish({ type: 'presence', topic, joins: one(config.presenceKey, meta), leaves: {} });
    }
  }
}
