import type { EntityManager } from '@mikro-orm/postgresql';
import type { AnalyticsSummary } from './analytics-summary.query.js';

/** The 100 most viewed paths since `since`, most views first. */
export async function topPageViews(em: EntityManager, since: Date): Promise<AnalyticsSummary['pageViews']> {
  const rows = await em.execute<{ path: string; count: string }[]>(
    `select path, count(*) as count from analytics_events where kind = 'page_view' and received_at >= ? group by path order by count(*) desc, path limit 100`,
    [since],
  );
  return rows.map((row) => ({ path: row.path, count: Number(row.count) }));
}

/** The 100 most frequent events since `since`, by category and action. */
export async function topEvents(em: EntityManager, since: Date): Promise<AnalyticsSummary['events']> {
  const rows = await em.execute<{ category: string; action: string; count: string }[]>(
    `select category, action, count(*) as count from analytics_events where kind = 'event' and received_at >= ? group by category, action order by count(*) desc limit 100`,
    [since],
  );
  return rows.map((row) => ({ category: row.category, action: row.action, count: Number(row.count) }));
}
