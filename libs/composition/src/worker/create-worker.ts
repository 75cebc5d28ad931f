import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import {
  JOB_SCHEDULES,
  JobRunner,
  OutboxRelay,
  PinoNestLogger,
  PlatformMetrics,
  createLogger,
  type AppConfig,
  type Clock,
  type LogSink,
} from '#app/platform';
import { ORM_SETUP } from '../orm-setup.js';
import { WorkerModule } from './worker.module.js';

/**
 * Boots the worker: queue consumers, the outbox relay and the recurring jobs' ticks; no HTTP
 * server. `schedules: false` leaves the ticks off: tests tick RecurringJobs themselves with an
 * injected clock instead of waiting for the real one.
 */
export async function createWorker(
  config: AppConfig,
  options: { clock?: Clock; relayIntervalMs?: number; schedules?: boolean; logSink?: LogSink } = {},
): Promise<INestApplicationContext> {
  const logger = createLogger(config.LOG_LEVEL, 'worker', options.logSink);
  const schedules = options.schedules !== false;
  const app = await NestFactory.createApplicationContext(
    WorkerModule.register({ config, orm: ORM_SETUP, clock: options.clock, schedules }),
    {
      logger: new PinoNestLogger(logger),
    },
  );
  app.enableShutdownHooks();
  app.get(PlatformMetrics).watchQueues();
  const queues = app.get(JobRunner).start();
  app.get(OutboxRelay).start(options.relayIntervalMs);
  logger.info(
    {
      queues,
      schedules: schedules
        ? JOB_SCHEDULES.map((schedule) => `${schedule.queue}/${schedule.name} ${schedule.cron}`)
        : [],
    },
    'worker started',
  );
  return app;
}
