import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { AnalyticsSummaryQuery, type AnalyticsSummary } from './analytics-summary.query.js';

@QueryHandler(AnalyticsSummaryQuery)
export class AnalyticsSummaryHandler implements IQueryHandler<AnalyticsSummaryQuery, AnalyticsSummary> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ days }: AnalyticsSummaryQuery): Promise<AnalyticsSummary> {
    const since = new Date(this.clock.now().getTime() - days * 24 * 3600 * 1000);
    const em = this.orm.em.fork();
    const pageViews = await em.execute<{ path: string; count: string }[]>(
      `select path, count(*) as count from analytics_events where kind = 'page_view' and received_at >= ? group by path order by count(*) desc, path limit 100`,
      [since],
    );
    const events = await em.execute<{ category: string; action: string; count: string }[]>(
      `select category, action, count(*) as count from analytics_events where kind = 'event' and received_at >= ? group by category, action order by count(*) desc limit 100`,
      [since],
    );
    return {
      since: since.toISOString(),
      pageViews: pageViews.map((row) => ({ path: row.path, count: Number(row.count) })),
      events: events.map((row) => ({ category: row.category, action: row.action, count: Number(row.count) })),
    };
  }
}
