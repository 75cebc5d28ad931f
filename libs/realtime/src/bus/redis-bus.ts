import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { RealtimeMetrics } from '../realtime.metrics.js';
import { RealtimeBus, parseBusMessage, type BusMessage } from './realtime-bus.js';

/** ioredis reconnects by itself; while Redis is away its commands fail, and those failures are logged where they happen. */
function quiet(client: Redis): Redis {
  client.on('error', () => undefined);
  return client;
}

/** The realtime module's Redis connections: commands (publish, presence hashes) and, on api instances, one subscriber. */
export class RealtimeRedis {
  private commandClient: Redis | null = null;
  private subscriberClient: Redis | null = null;

  constructor(
    private readonly url: string,
    readonly prefix: string,
  ) {}

  get commands(): Redis {
    // A publish after commit must not hang the request behind it: a few retries, then an error.
    this.commandClient ??= quiet(
      new Redis(this.url, { maxRetriesPerRequest: 2, commandTimeout: 5000, enableOfflineQueue: true }),
    );
    return this.commandClient;
  }

  get subscriber(): Redis {
    this.subscriberClient ??= quiet(new Redis(this.url, { maxRetriesPerRequest: null }));
    return this.subscriberClient;
  }

  key(...parts: string[]): string {
    return [this.prefix, 'realtime', ...parts].join(':');
  }

  async close(): Promise<void> {
    const clients = [this.commandClient, this.subscriberClient].filter((client): client is Redis => client !== null);
    await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
  }
}

/** One Redis channel per topic; an instance subscribes to the topics its sockets joined. */
export class RedisBus extends RealtimeBus {
  readonly kind = 'redis';
  private readonly logger = new Logger('RealtimeBus');

  constructor(
    private readonly redis: RealtimeRedis,
    private readonly metrics: RealtimeMetrics,
  ) {
    super();
  }

  async listen(deliver: (message: BusMessage) => void): Promise<void> {
    this.redis.subscriber.on('message', (_channel: string, text: string) => {
      const message = parseBusMessage(text);
      if (message) deliver(message);
      else this.logger.warn('ignored an unreadable bus message');
    });
  }

  async watch(topic: string): Promise<void> {
    await this.redis.subscriber.subscribe(this.redis.key('topic', topic));
  }

  async unwatch(topic: string): Promise<void> {
    await this.redis.subscriber.unsubscribe(this.redis.key('topic', topic));
  }

  async publish(message: BusMessage): Promise<void> {
    const end = this.metrics.busPublish.startTimer({ bus: this.kind, type: message.type });
    await this.redis.commands.publish(this.redis.key('topic', message.topic), JSON.stringify(message));
    end();
  }

  async close(): Promise<void> {}
}
