import { Inject, Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { SessionsEndedEvent } from '#app/identity';
import { RealtimeMetrics } from '../realtime.metrics.js';
import { RealtimeBus, SESSIONS_TOPIC } from '../bus/realtime-bus.js';

/**
 * Identity ended sessions (sign-out, sign-out everywhere, password change): every api instance
 * closes the channels those sessions hold (`system` + `phx_close`), instead of waiting for the
 * next token refresh or expiry to find the session gone. Never fails identity's request.
 */
@EventsHandler(SessionsEndedEvent)
export class CloseEndedSessions implements IEventHandler<SessionsEndedEvent> {
  private readonly logger = new Logger('RealtimeSessions');

  constructor(
    @Inject(RealtimeBus) private readonly bus: RealtimeBus,
    @Inject(RealtimeMetrics) private readonly metrics: RealtimeMetrics,
  ) {}

  async handle({ userId, sessions }: SessionsEndedEvent): Promise<void> {
    try {
      await this.bus.publish({ type: 'sessions', topic: SESSIONS_TOPIC, userId, ...sessions });
    } catch (error) {
      this.metrics.publishFailures.inc({ type: 'sessions' });
      this.logger.error(`ended sessions of ${userId} not announced: ${(error as Error)?.message ?? String(error)}`);
    }
  }
}
