import type { RealtimeRedis } from '../bus/redis-bus.js';
import { PresenceStore, type PresenceEntry } from './presence-store.js';

interface Stored {
  instance: string;
  key: string;
  meta: PresenceEntry['meta'];
}

/**
 * A hash per topic (field: subscription id), a set per instance naming the topics it tracked in,
 * and a sorted set of instances scored by when each last reported, in Redis's own clock.
 */
export class RedisPresenceStore extends PresenceStore {
  constructor(private readonly redis: RealtimeRedis) {
    super();
  }

  private get client() {
    return this.redis.commands;
  }

  async put(instance: string, entry: PresenceEntry): Promise<void> {
    const stored: Stored = { instance, key: entry.key, meta: entry.meta };
    await this.client
      .multi()
      .hset(this.redis.key('presence', entry.topic), entry.subscriptionId, JSON.stringify(stored))
      .sadd(this.redis.key('instance-topics', instance), entry.topic)
      .exec();
  }

  async remove(topic: string, subscriptionId: string): Promise<void> {
    await this.client.hdel(this.redis.key('presence', topic), subscriptionId);
  }

  async list(topic: string): Promise<PresenceEntry[]> {
    return this.entries(topic, await this.client.hgetall(this.redis.key('presence', topic))).map(({ entry }) => entry);
  }

  async heartbeat(instance: string): Promise<boolean> {
    // ZADD answers how many members it added: 1 when the instance was not (or no longer) listed.
    return (await this.client.zadd(this.redis.key('instances'), await this.now(), instance)) === 0;
  }

  async purgeDead(ttlMs: number): Promise<PresenceEntry[]> {
    const dead = await this.client.zrangebyscore(this.redis.key('instances'), '-inf', (await this.now()) - ttlMs);
    const purged: PresenceEntry[] = [];
    for (const instance of dead) {
      // ZREM answers 1 to one caller only: that survivor purges.
      if ((await this.client.zrem(this.redis.key('instances'), instance)) !== 1) continue;
      const topicsKey = this.redis.key('instance-topics', instance);
      for (const topic of await this.client.smembers(topicsKey)) {
        const theirs = this.entries(topic, await this.client.hgetall(this.redis.key('presence', topic))).filter(
          (item) => item.instance === instance,
        );
        if (theirs.length === 0) continue;
        await this.client.hdel(this.redis.key('presence', topic), ...theirs.map(({ entry }) => entry.subscriptionId));
        purged.push(...theirs.map(({ entry }) => entry));
      }
      await this.client.del(topicsKey);
    }
    return purged;
  }

  async forget(instance: string): Promise<void> {
    await this.client
      .multi()
      .zrem(this.redis.key('instances'), instance)
      .del(this.redis.key('instance-topics', instance))
      .exec();
  }

  private entries(topic: string, hash: Record<string, string>) {
    return Object.entries(hash).flatMap(([subscriptionId, text]) => {
      const stored = JSON.parse(text) as Stored;
      return [{ instance: stored.instance, entry: { topic, subscriptionId, key: stored.key, meta: stored.meta } }];
    });
  }

  private async now(): Promise<number> {
    const [seconds, micros] = await this.client.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }
}
