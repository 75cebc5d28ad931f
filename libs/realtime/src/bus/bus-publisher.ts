import { Inject, Injectable, Logger } from '@nestjs/common';
import { RealtimePublisher } from '../realtime.ports.js';
import { RealtimeMetrics } from '../realtime.metrics.js';
import { RealtimeBus, type BusMessage } from './realtime-bus.js';
import { isClientEvent } from '../protocol/frames.js';

/**
 * Server events onto the bus, from the api or the worker. Callers publish after their commit, so a
 * failure must not reach their request: it is logged and counted, never thrown.
 */
@Injectable()
export class BusPublisher extends RealtimePublisher {
  private readonly logger = new Logger('RealtimePublisher');

  constructor(
    @Inject(RealtimeBus) private readonly bus: RealtimeBus,
    @Inject(RealtimeMetrics) private readonly metrics: RealtimeMetrics,
  ) {
    super();
  }

  publish(topic: string, event: string, payload: Record<string, unknown>): Promise<void> {
    // The client namespace is what tells apps a member sent it: a server event never borrows it.
    if (isClientEvent(event))
      return Promise.reject(new Error(`'${event}' is a client event name; server events are named outside client:`));
    return this.send({ type: 'broadcast', topic, event, json: payload });
  }

  revoke(topic: string, userId: string): Promise<void> {
    return this.send({ type: 'revoke', topic, userId });
  }

  private async send(message: BusMessage): Promise<void> {
    try {
      await this.bus.publish(message);
    } catch (error) {
      this.metrics.publishFailures.inc({ type: message.type });
      this.logger.error(
        `realtime ${message.type} on ${message.topic} not published: ${(error as Error)?.message ?? String(error)}`,
      );
    }
  }
}
