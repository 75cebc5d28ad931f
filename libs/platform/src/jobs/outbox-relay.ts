import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { QueueFactory } from './queue-factory.js';
import type { QueueName } from './job-catalogue.js';

interface OutboxRow {
  id: string;
  queue: QueueName;
  job_name: string;
  payload: Record<string, unknown>;
  request_id: string | null;
}

/**
 * Publishes committed outbox rows to their queues. Rows are claimed with FOR UPDATE SKIP LOCKED,
 * so several workers can relay at once; the BullMQ jobId is the row id, which throttles
 * duplicates, and consumers are idempotent for the rest.
 */
@Injectable()
export class OutboxRelay implements BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueueFactory) private readonly queues: QueueFactory,
  ) {}

  start(intervalMs = 250): void {
    const tick = async () => {
      try {
        while ((await this.relayOnce()) > 0);
      } catch (error) {
        this.logger.error(`Outbox relay failed: ${(error as Error).message}`);
      }
      if (this.timer) this.timer = setTimeout(tick, intervalMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Publishes one batch; returns how many rows were published. */
  relayOnce(batchSize = 50): Promise<number> {
    this.running ??= this.relayBatch(batchSize).finally(() => (this.running = null));
    return this.running;
  }

  private async relayBatch(batchSize: number): Promise<number> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      const rows = await tx.execute<OutboxRow[]>(
        `select id, queue, job_name, payload, request_id from outbox_message
          where published_at is null and available_at <= now()
          order by id limit ? for update skip locked`,
        [batchSize],
      );
      for (const row of rows) {
        await this.queues
          .queue(row.queue)
          .add(
            row.job_name,
            { ...row.payload, messageId: String(row.id), ...(row.request_id ? { requestId: row.request_id } : {}) },
            { jobId: `outbox-${row.id}` },
          );
      }
      if (rows.length > 0) {
        const ids = rows.map((row) => row.id);
        await tx.execute(
          `update outbox_message set published_at = now(), attempts = attempts + 1 where id in (${ids.map(() => '?').join(', ')})`,
          ids,
        );
      }
      return rows.length;
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
