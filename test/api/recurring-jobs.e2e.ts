import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { ModulesContainer } from '@nestjs/core';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import type { Job } from 'bullmq';
import { Clock, JOB_SCHEDULES, QueueFactory, RecurringJobs, type QueueName } from '#app/platform';
import { FixedClock, startTestPlatform, type TestPlatform } from '#app/testing';
import { createWorker } from '#app/composition';

const backends: ('postgres' | 'redis')[] = ['postgres'];
if (process.env.TEST_REDIS_URL) backends.push('redis');
else if (process.env.CI === 'true')
  throw new Error('TEST_REDIS_URL is required in CI: the Redis queue suite may not be skipped');
else console.warn('Redis not available: the Redis queue suite is skipped');

// Suites share one database and each uses its own years: this one 2017 to 2019 (a month-end
// close there books nobody else's earnings). One year per backend: a month closes once per database.
const YEAR = { postgres: 2019, redis: 2018 } as const;

const jobsOf = async (queues: QueueFactory, queue: QueueName, name: string): Promise<Job[]> =>
  (await queues.queue(queue).getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).filter(
    (job) => job.name === name,
  );

describe.each(backends)('recurring jobs on the %s queue backend', (backend) => {
  const year = YEAR[backend];
  const clock = new FixedClock(new Date(`${year}-03-04T13:05:07.000Z`));
  let platform: TestPlatform;
  let second: INestApplicationContext;
  const ticks = (method: keyof RecurringJobs) =>
    Promise.all([platform.worker!, second].map((worker) => worker.get(RecurringJobs)[method]()));

  beforeAll(async () => {
    platform = await startTestPlatform({ queueBackend: backend, clock });
    // A second worker on the same queues and database, as in production.
    second = await createWorker(platform.config, { clock, relayIntervalMs: 50, schedules: false });
  });

  afterAll(async () => {
    await second?.close();
    await platform?.close();
  });

  it('enqueues a tick of two workers once per period, and runs it once', async () => {
    const queues = platform.worker!.get(QueueFactory);
    // Both workers tick the same second at once: one enqueues it; a timer firing a moment early
    // counts into the same second.
    expect((await ticks('expireCheckouts')).filter((id) => id !== null)).toEqual([
      `expire-checkouts@${year}-03-04T1305Z`,
    ]);
    clock.set(new Date(`${year}-03-04T13:05:06.9995Z`));
    expect(await ticks('expireCheckouts')).toEqual([null, null]);
    await platform.drain();
    const [job] = await jobsOf(queues, 'payments', 'expire-checkouts');
    expect(await jobsOf(queues, 'payments', 'expire-checkouts')).toHaveLength(1);
    expect({ id: job.id, state: await job.getState(), attemptsMade: job.attemptsMade }).toEqual({
      id: `expire-checkouts@${year}-03-04T1305Z`,
      state: 'completed',
      attemptsMade: 1,
    });

    // BullMQ removes completed jobs (removeOnComplete) and would then take the same job id again:
    // a late tick of the period still enqueues nothing.
    await job.remove();
    clock.set(new Date(`${year}-03-04T13:05:07.200Z`));
    expect(await ticks('expireCheckouts')).toEqual([null, null]);
    expect(await jobsOf(queues, 'payments', 'expire-checkouts')).toHaveLength(0);

    // The next minute is a new period, enqueued once again.
    clock.set(new Date(`${year}-03-04T13:06:00.001Z`));
    expect((await ticks('expireCheckouts')).filter((id) => id !== null)).toEqual([
      `expire-checkouts@${year}-03-04T1306Z`,
    ]);
    await platform.drain();
    expect((await jobsOf(queues, 'payments', 'expire-checkouts')).map((each) => each.id)).toEqual([
      `expire-checkouts@${year}-03-04T1306Z`,
    ]);
  });

  it('names every period in the job id: minutes, quarter hours, days', async () => {
    clock.set(new Date(`${year}-03-04T13:15:00.002Z`));
    const ids = await Promise.all(JOB_SCHEDULES.map((schedule) => second.get(RecurringJobs)[schedule.method]()));
    expect(ids.sort()).toEqual(
      [
        `check-deadlines@${year}-03-04T1315Z`,
        `compliance-reports@${year}-03-04`,
        `month-end@${year}-03-04`,
        `keep-partitions@${year}-03-04`,
        `message-digests@${year}-03-04T1315Z`,
        `purge-retained-records@${year}-03-04`,
        `renew-subscriptions@${year}-03-04T1315Z`,
        `expire-checkouts@${year}-03-04T1315Z`,
      ].sort(),
    );
    await platform.drain();
  });

  it('catches up a month-end the workers were down for, once', async () => {
    const queues = platform.worker!.get(QueueFactory);
    const db = () => platform.api.get(MikroORM).em.fork();
    const runsOf = async (period: string) =>
      (await db().execute(`select 1 from payout_runs where period = ?`, [period])).length;
    // Nothing ticked at 23:00 on 31 March (the last day of the month): the workers were down. The
    // next day's tick, from both workers, closes March once.
    clock.set(new Date(`${year}-04-01T23:00:00.001Z`));
    expect((await ticks('monthEnd')).filter((id) => id !== null)).toEqual([`month-end@${year}-04-01`]);
    await platform.drain();
    const [catchUp] = (await jobsOf(queues, 'payouts', 'month-end')).filter(
      (job) => job.id === `month-end@${year}-04-01`,
    );
    expect(await catchUp.getState()).toBe('completed');
    expect(catchUp.returnvalue).toEqual([expect.objectContaining({ period: `${year}-03`, finished: true })]);
    expect(await runsOf(`${year}-03`)).toBe(1);

    // The day after, March is done: the job runs and closes nothing.
    clock.set(new Date(`${year}-04-02T23:00:00.001Z`));
    expect((await ticks('monthEnd')).filter((id) => id !== null)).toEqual([`month-end@${year}-04-02`]);
    await platform.drain();
    const [dayAfter] = (await jobsOf(queues, 'payouts', 'month-end')).filter(
      (job) => job.id === `month-end@${year}-04-02`,
    );
    expect(dayAfter.returnvalue).toEqual([]);
    expect(await runsOf(`${year}-03`)).toBe(1);
  });
});

/** Real time, shifted to the same instant of the day in 2017: timers fire on time, handlers find nothing due. */
class ShiftedClock extends Clock {
  private readonly shift = Math.round((Date.now() - Date.parse('2017-06-01T00:00:00Z')) / 86_400_000) * 86_400_000;
  override now(): Date {
    return new Date(Date.now() - this.shift);
  }
}

describe('recurring jobs on their crons', () => {
  let platform: TestPlatform;
  let second: INestApplicationContext;

  beforeAll(async () => {
    const clock = new ShiftedClock();
    platform = await startTestPlatform({ clock, schedules: true });
    second = await createWorker(platform.config, { clock, relayIntervalMs: 50, schedules: true });
  });

  afterAll(async () => {
    await second?.close();
    await platform?.close();
  });

  it('ticks every recurring job in the worker only, in UTC', () => {
    const crons = second.get(SchedulerRegistry).getCronJobs();
    expect([...crons.keys()].sort()).toEqual(
      JOB_SCHEDULES.map((schedule) => `${schedule.queue}:${schedule.name}`).sort(),
    );
    expect([...crons.values()].every((job) => job.cronTime.timeZone === 'UTC')).toBe(true);
    const modulesOf = (app: INestApplicationContext) =>
      [...app.get(ModulesContainer).values()].map((module) => module.metatype);
    expect(modulesOf(second)).toContain(ScheduleModule);
    expect(modulesOf(platform.api)).not.toContain(ScheduleModule);
  });
});
