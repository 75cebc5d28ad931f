import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, createPostgresBackend, withBackend, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DEFAULT_JOB_OPTIONS, type QueueName } from './job-catalogue.js';

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

  /** Which deployment of the queues this is (key prefix or schema): jobs of one never reach another's workers. */
  get namespace(): string {
    return this.kind === 'redis' ? `redis:${this.config.REDIS_PREFIX}` : `postgres:${this.config.QUEUE_SCHEMA}`;
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue =
        this.kind === 'redis'
          ? new Queue(name, {
              connection: this.redis(),
              prefix: this.config.REDIS_PREFIX,
              defaultJobOptions: DEFAULT_JOB_OPTIONS,
            })
          : (new this.pg.Queue(name, {
              connection: this.pgConnection(),
              defaultJobOptions: DEFAULT_JOB_OPTIONS,
            }) as unknown as Queue);
      this.queues.set(name, queue);
    }
    return queue;
  }

  worker(name: QueueName, processor: Processor, options: Partial<WorkerOptions> = {}): Worker {
    const worker =
      this.kind === 'redis'
        ? new Worker(name, processor, {
            concurrency: 4,
            ...options,
            prefix: this.config.REDIS_PREFIX,
            connection: this.redis(),
          })
        : (new this.pg.Worker(name, processor, {
            concurrency: 4,
            ...options,
            connection: this.pgConnection(),
          } as never) as unknown as Worker);
    this.workers.push(worker);
    return worker;
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
