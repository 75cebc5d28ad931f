import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '../clock/clock.js';
import { QueueFactory } from './queue-factory.js';
import type { JobName, QueueName } from './job-catalogue.js';
import { claimScheduleTick } from './repositories/schedule-ticks.repository.js';

/** How long one period of a recurring job lasts; its job id names the period. */
export type SchedulePeriod = 'second' | 'minute' | 'quarter-hour' | 'day';

const PERIOD_MS: Record<SchedulePeriod, number> = {
  second: 1000,
  minute: 60_000,
  'quarter-hour': 15 * 60_000,
  day: 24 * 3600_000,
};

/**
 * The period an instant belongs to, and its label: 2026-11-30 for a day, 2026-11-25T1305Z for a
 * minute (ISO 8601 basic time: BullMQ refuses most job ids with a colon). A cron tick fires on a
 * period's first instant give or take some timer drift; the grace (a quarter of the period, at
 * most 5 s) counts a tick that fired a moment early into the period it was meant for.
 */
export function periodOf(period: SchedulePeriod, at: Date): { start: Date; label: string } {
  const length = PERIOD_MS[period];
  const grace = Math.min(length / 4, 5000);
  const start = new Date(Math.floor((at.getTime() + grace) / length) * length);
  const iso = start.toISOString();
  const label =
    period === 'day'
      ? iso.slice(0, 10)
      : `${iso.slice(0, 11)}${iso.slice(11, period === 'second' ? 19 : 16).replaceAll(':', '')}Z`;
  return { start, label };
}

/**
 * Enqueues a recurring job once per period, however many workers tick. Each (queue namespace,
 * job) has one schedule_ticks row holding the latest period enqueued; a tick takes it only for a
 * strictly later period, in the transaction that adds the job. So a second worker's tick of the
 * same period, or a late one after the job completed and BullMQ removed it, enqueues nothing,
 * on either queue backend. The BullMQ job id is derived from the period too (`month-end@2026-11-30`),
 * which also dedupes while the job exists should a claim's commit fail after its add.
 */
@Injectable()
export class ScheduledJobs {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueueFactory) private readonly queues: QueueFactory,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Enqueues the job for the clock's current period; returns its job id, or null when a tick already did. */
  async enqueue<Q extends QueueName>(queue: Q, name: JobName<Q>, period: SchedulePeriod): Promise<string | null> {
    const now = this.clock.now();
    const { start, label } = periodOf(period, now);
    const jobId = `${name}@${label}`;
    return this.orm.em.fork().transactional(async (em) => {
      // Concurrent ticks queue on the row lock; the losers re-check the condition against the
      // winner's committed period and update nothing.
      const schedule = `${this.queues.namespace}/${queue}/${name}`;
      if (!(await claimScheduleTick(em, schedule, start, jobId, now))) return null;
      // Added before the claim commits: if the add fails, the claim rolls back and the next tick (or
      // another worker's) enqueues the period instead.
      await this.queues.queue(queue).add(name, {}, { jobId });
      return jobId;
    });
  }
}
