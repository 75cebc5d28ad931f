import { Redis } from 'ioredis';
import type { LeaseStore } from './lease-store.js';

// Renew and release compare the token first, so a holder only ever touches its own lock.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisLeaseStore implements LeaseStore {
  readonly kind = 'redis';
  private readonly commands: Redis;
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, (key: string) => void>();
  private readonly subscribed = new Map<string, Promise<void>>();

  constructor(
    private readonly url: string,
    private readonly prefix: string,
  ) {
    this.commands = new Redis(url, { maxRetriesPerRequest: 2, commandTimeout: 5000, enableOfflineQueue: true });
    this.commands.on('error', () => undefined);
  }

  private key(namespace: string, key: string): string {
    return `${this.prefix}:lease:${namespace}:${key}`;
  }

  private channel(namespace: string): string {
    return `${this.prefix}:lease:${namespace}:release`;
  }

  async tryAcquire(namespace: string, key: string, token: string, leaseMs: number): Promise<boolean> {
    return (await this.commands.set(this.key(namespace, key), token, 'PX', leaseMs, 'NX')) === 'OK';
  }

  async renew(namespace: string, key: string, token: string, leaseMs: number): Promise<boolean> {
    return (await this.commands.eval(RENEW, 1, this.key(namespace, key), token, leaseMs)) === 1;
  }

  async release(namespace: string, key: string, token: string): Promise<boolean> {
    return (await this.commands.eval(RELEASE, 1, this.key(namespace, key), token)) === 1;
  }

  async requestRelease(namespace: string, key: string): Promise<void> {
    await this.commands.publish(this.channel(namespace), key);
  }

  /** ioredis subscribes again by itself after a reconnect. */
  async listen(namespace: string, handler: (key: string) => void): Promise<void> {
    if (!this.subscriber) {
      this.subscriber = new Redis(this.url, { maxRetriesPerRequest: null });
      this.subscriber.on('error', () => undefined);
      this.subscriber.on('message', (channel: string, key: string) => this.handlers.get(channel)?.(key));
    }
    const channel = this.channel(namespace);
    this.handlers.set(channel, handler);
    let subscribed = this.subscribed.get(channel);
    if (!subscribed) {
      subscribed = this.subscriber.subscribe(channel).then(() => undefined);
      subscribed.catch(() => this.subscribed.delete(channel));
      this.subscribed.set(channel, subscribed);
    }
    await subscribed;
  }

  async close(): Promise<void> {
    const clients = [this.commands, this.subscriber].filter((client): client is Redis => client !== null);
    // QUIT waits for a connection that may never come: a client not connected is just dropped.
    await Promise.all(
      clients.map((client) =>
        client.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client.disconnect(),
      ),
    );
  }
}
