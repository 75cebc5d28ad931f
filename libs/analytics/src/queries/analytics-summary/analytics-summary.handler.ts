import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { AnalyticsSummaryQuery, type AnalyticsSummary } from './analytics-summary.query.js';
import { topEvents, topPageViews } from './analytics-summary.read-model.js';

@QueryHandler(AnalyticsSummaryQuery)
export class AnalyticsSummaryHandler implements IQueryHandler<AnalyticsSummaryQuery, AnalyticsSummary> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ days }: AnalyticsSummaryQuery): Promise<AnalyticsSummary> {
    const since = new Date(this.clock.now().getTime() - days * 24 * 3600 * 1000);
    const em = this.orm.em.fork();
    return {
      since: since.toISOString(),
      pageViews: await topPageViews(em, since),
      events: await topEvents(em, since),
    };
  }
}
