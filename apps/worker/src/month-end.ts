import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { FixedClock, PinoNestLogger, createLogger, runMain } from '#app/platform';
import { MonthEndClose } from '#app/payouts';
import { ORM_SETUP, WorkerModule } from '#app/composition';

/**
 * Operator command: run (or finish) one period's month-end close now, beside or instead of the
 * scheduled job. Safe to start several times at once or again after a crash: batches are
 * claimed, and each closes exactly once.
 *   node dist/apps/worker/src/month-end.js --period 2026-11 [--at 2026-11-30T23:00:00Z] [--batch-size 10000]
 */
const { values } = parseArgs({
  options: { period: { type: 'string' }, at: { type: 'string' }, 'batch-size': { type: 'string' } },
});

await runMain('month-end', async (config) => {
  if (!values.period || !/^\d{4}-(0[1-9]|1[0-2])$/.test(values.period)) throw new Error('--period YYYY-MM is required');
  const now = values.at ? new Date(values.at) : new Date();
  const logger = createLogger(config.LOG_LEVEL, 'month-end');
  const app = await NestFactory.createApplicationContext(
    WorkerModule.register({ config, orm: ORM_SETUP, clock: new FixedClock(now), schedules: false }),
    { logger: new PinoNestLogger(logger) },
  );
  const started = performance.now();
  const summary = await app.get(MonthEndClose).run(values.period, now, {
    batchSize: values['batch-size'] ? Number(values['batch-size']) : undefined,
    worker: `pid:${process.pid}`,
  });
  process.stdout.write(`${JSON.stringify({ ...summary, elapsedMs: Math.round(performance.now() - started) })}\n`);
  await app.close();
});
