import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Takes a schedule's row for the period starting at `periodStart`, only when that is strictly later
 * than the period it holds (concurrent ticks queue on the row lock and the losers update nothing).
 * True when this tick took it.
 */
export async function claimScheduleTick(
  em: EntityManager,
  schedule: string,
  periodStart: Date,
  jobId: string,
  now: Date,
): Promise<boolean> {
  const claimed = await em.execute<{ job_id: string }[]>(
    `insert into schedule_ticks (schedule, period_start, job_id, ticked_at) values (?, ?, ?, ?)
     on conflict (schedule) do update set period_start = excluded.period_start, job_id = excluded.job_id, ticked_at = excluded.ticked_at
      where schedule_ticks.period_start < excluded.period_start
     returning job_id`,
    [schedule, periodStart, jobId, now],
  );
  return claimed.length > 0;
}
