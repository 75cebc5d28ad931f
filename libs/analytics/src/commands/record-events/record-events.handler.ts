import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock, RateLimits } from '#app/platform';
import { AnalyticsEvent } from '../../entities/analytics-event.entity.js';
import { RecordEventsCommand } from './record-events.command.js';

export const ANALYTICS_LIMIT = { points: 120, duration: 60 };

@CommandHandler(RecordEventsCommand)
export class RecordEventsHandler implements ICommandHandler<RecordEventsCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(RateLimits) private readonly limits: RateLimits,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ events, ip }: RecordEventsCommand): Promise<{ recorded: number }> {
    await this.limits.consume('analyticsPerIp', ANALYTICS_LIMIT, ip, { points: events.length });
    const em = this.orm.em.fork();
    const receivedAt = this.clock.now();
    for (const event of events) {
      em.persist(
        em.create(AnalyticsEvent, {
          kind: event.kind,
          category: event.kind === 'event' ? (event.category ?? null) : null,
          action: event.kind === 'event' ? (event.action ?? null) : null,
          label: event.label ?? null,
          path: event.path,
          receivedAt,
        }),
      );
    }
    await em.flush();
    return { recorded: events.length };
  }
}
