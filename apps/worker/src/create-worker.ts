import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { JobRunner, OutboxRelay, PinoNestLogger, QueueFactory, createLogger, type AppConfig, type Clock } from '#app/platform';
import { ORM_SETUP } from '../../api/src/composition.js';
import { WorkerModule } from './worker.module.js';

/** Boots the worker: queue consumers plus the outbox relay; no HTTP server. */
export async function createWorker(config: AppConfig, options: { clock?: Clock; relayIntervalMs?: number; schedules?: boolean } = {}): Promise<INestApplicationContext> {
  const logger = createLogger(config.LOG_LEVEL, 'worker');
  const app = await NestFactory.createApplicationContext(WorkerModule.register({ config, orm: ORM_SETUP, clock: options.clock }), {
    logger: new PinoNestLogger(logger),
  });
  app.enableShutdownHooks();
  const queues = app.get(JobRunner).start();
  app.get(OutboxRelay).start(options.relayIntervalMs);
  // Tests drive scheduled jobs with an injected clock instead of waiting for the schedule.
  const schedules = options.schedules === false ? [] : await app.get(QueueFactory).registerSchedules();
  logger.info({ queues, schedules }, 'worker started');
  return app;
}
