import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Gauge } from 'prom-client';
import type { Pool } from 'pg';
import { QueueFactory } from '../jobs/queue-factory.js';
import { QUEUE_NAMES } from '../jobs/job-catalogue.js';
import { outboxBacklog } from '../jobs/repositories/outbox.repository.js';
import { METRIC_PREFIX, Metrics } from './metrics.js';
import { snapshotOnScrape } from './scrape-snapshot.js';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

interface QueueSnapshot {
  counts: Record<string, Record<string, number>>;
  oldestWaitingAt: Record<string, number | null>;
}

/**
 * Gauges read on scrape: the database pool in every process; queue depth and outbox lag in the
 * worker (watchQueues), which holds the queues already, so an api never opens queue connections
 * for its metrics. A read that fails or is slow leaves its gauges empty for that scrape.
 */
@Injectable()
export class PlatformMetrics {
  private readonly logger = new Logger(PlatformMetrics.name);

  constructor(
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueueFactory) private readonly queues: QueueFactory,
  ) {
    const pool = () => this.orm.em.getConnection().getNativeClient() as Promise<Pool>;
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_connections`,
      help: 'PostgreSQL pool of this process: total and idle connections, and queries waiting for one',
      labelNames: ['state'] as const,
      registers: [metrics.registry],
      collect: this.guard('database pool', async function (this: Gauge<'state'>) {
        const native = await pool();
        this.set({ state: 'total' }, native.totalCount);
        this.set({ state: 'idle' }, native.idleCount);
        this.set({ state: 'waiting' }, native.waitingCount);
      }),
    });
  }

  /** Adds queue depth (both BullMQ backends) and outbox lag; called by the worker. */
  watchQueues(): void {
    const registers = [this.metrics.registry];
    const queues = snapshotOnScrape(() => this.readQueues());
    const outbox = snapshotOnScrape(() => this.readOutbox());
    new Gauge({
      name: `${METRIC_PREFIX}queue_jobs`,
      help: 'Jobs per queue and state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'] as const,
      registers,
      collect: this.guard('queue depth', async function (this: Gauge<'queue' | 'state'>) {
        const { counts } = await queues();
        for (const [queue, byState] of Object.entries(counts))
          for (const state of QUEUE_STATES) this.set({ queue, state }, byState[state] ?? 0);
      }),
    });
    new Gauge({
      name: `${METRIC_PREFIX}queue_oldest_waiting_age_seconds`,
      help: 'Age of the oldest job waiting in each queue (0 when none waits)',
      labelNames: ['queue'] as const,
      registers,
      collect: this.guard('queue age', async function (this: Gauge<'queue'>) {
        const { oldestWaitingAt } = await queues();
        for (const [queue, at] of Object.entries(oldestWaitingAt))
          this.set({ queue }, at === null ? 0 : Math.max(0, (Date.now() - at) / 1000));
      }),
    });
    new Gauge({
      name: `${METRIC_PREFIX}outbox_unpublished_messages`,
      help: 'Outbox rows committed but not yet published to their queue',
      registers,
      collect: this.guard('outbox count', async function (this: Gauge) {
        this.set((await outbox()).pending);
      }),
    });
    new Gauge({
      name: `${METRIC_PREFIX}outbox_oldest_unpublished_age_seconds`,
      help: 'Age of the oldest unpublished outbox row (0 when none)',
      registers,
      collect: this.guard('outbox age', async function (this: Gauge) {
        this.set((await outbox()).ageSeconds);
      }),
    });
  }

  private async readQueues(): Promise<QueueSnapshot> {
    const snapshot: QueueSnapshot = { counts: {}, oldestWaitingAt: {} };
    await Promise.all(
      QUEUE_NAMES.map(async (name) => {
        const queue = this.queues.queue(name);
        const [counts, [oldest]] = await Promise.all([
          queue.getJobCounts(...QUEUE_STATES, 'prioritized'),
          queue.getWaiting(0, 0),
        ]);
        // Prioritised jobs wait too, in a set of their own.
        snapshot.counts[name] = { ...counts, waiting: counts.waiting + (counts.prioritized ?? 0) };
        snapshot.oldestWaitingAt[name] = oldest?.timestamp ?? null;
      }),
    );
    return snapshot;
  }

  private async readOutbox(): Promise<{ pending: number; ageSeconds: number }> {
    return outboxBacklog(this.orm.em.fork());
  }

  /** A collect() that gives up after a timeout and resets its gauge instead of failing the scrape. */
  private guard<G extends Gauge<string>>(what: string, collect: (this: G) => Promise<void>, timeoutMs = 2000) {
    const logger = this.logger;
    return async function (this: G) {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          collect.call(this),
          new Promise(
            (_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)),
          ),
        ]);
      } catch (error) {
        this.reset();
        logger.warn(`Metrics: could not read ${what}: ${(error as Error).message}`);
      } finally {
        clearTimeout(timer);
      }
    };
  }
}
