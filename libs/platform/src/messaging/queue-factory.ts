import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, createPostgresBackend, withBackend, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DEFAULT_JOB_OPTIONS, JOB_SCHEDULES, type QueueName } from './job-catalogue.js';

export type QueueBackendKind = 'redis' | 'postgres';

/**
 * Builds BullMQ queues and workers on Redis when REDIS_URL is set, otherwise on BullMQ's
 * PostgreSQL backend in the application database (schema QUEUE_SCHEMA, "bullmq" by default).
 */
@Injectable()
export class QueueFactory implements BeforeApplicationShutdown, OnApplicationShutdown {
  readonly kind: QueueBackendKind;
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];
  private readonly redisConnections: Redis[] = [];
  private readonly pg = withBackend(createPostgresBackend);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.kind = config.REDIS_URL ? 'redis' : 'postgres';
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue =
        this.kind === 'redis'
          ? new Queue(name, { connection: this.redis(), prefix: this.config.REDIS_PREFIX, defaultJobOptions: DEFAULT_JOB_OPTIONS })
          : (new this.pg.Queue(name, { connection: this.pgConnection(), defaultJobOptions: DEFAULT_JOB_OPTIONS }) as unknown as Queue);
      this.queues.set(name, queue);
    }
    return queue;
  }

  worker(name: QueueName, processor: Processor, options: Partial<WorkerOptions> = {}): Worker {
    const worker =
      this.kind === 'redis'
        ? new Worker(name, processor, { concurrency: 4, ...options, prefix: this.config.REDIS_PREFIX, connection: this.redis() })
        : (new this.pg.Worker(name, processor, { concurrency: 4, ...options, connection: this.pgConnection() } as never) as unknown as Worker);
    this.workers.push(worker);
    return worker;
  }

  /** Registers every recurring job of the catalogue (safe from every worker: upsert by id). */
  async registerSchedules(): Promise<string[]> {
    for (const schedule of JOB_SCHEDULES) {
      const repeat = schedule.every ? { every: schedule.every } : { pattern: schedule.pattern!, tz: 'UTC' };
      // Workers starting together race on the scheduler's next iteration (PostgreSQL backend): a loser
      // is told the job id exists (a winner just wrote the same one) or is chosen as a deadlock victim.
      // Upserting again, a moment later, finds the scheduler and updates it.
      for (let attempt = 1; ; attempt++) {
        try {
          await this.queue(schedule.queue).upsertJobScheduler(`${schedule.queue}:${schedule.name}`, repeat, { name: schedule.name, data: {} });
          break;
        } catch (error) {
          if (attempt >= 8 || !lostSchedulerRace(error)) throw error;
          await sleep(20 + Math.random() * 80 * attempt);
        }
      }
    }
    return JOB_SCHEDULES.map((schedule) => `${schedule.queue}/${schedule.name}`);
  }

  /** Answers when the backend is reachable; used by /health. */
  async ping(): Promise<void> {
    const queue = this.queue('maintenance');
    await queue.getJobCounts('waiting');
  }

  /** Before anything else shuts down: close() lets in-flight jobs finish while the database is still open. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await Promise.all(this.redisConnections.map((connection) => connection.quit().catch(() => undefined)));
  }

  private redis(): Redis {
    const connection = new Redis(this.config.REDIS_URL!, { maxRetriesPerRequest: null });
    this.redisConnections.push(connection);
    return connection;
  }

  private pgConnection() {
    return { connectionString: this.config.DATABASE_URL, schema: this.config.QUEUE_SCHEMA, migrate: true, max: 5 };
  }
}

/** A concurrent upsert of the same job scheduler won: the PostgreSQL backend's duplicate iteration id or deadlock. */
function lostSchedulerRace(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.message.includes('job ID already exists') || (error as Error & { code?: string }).code === '40P01';
}
