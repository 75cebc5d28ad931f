import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { QueueFactory } from './queue-factory.js';
import { claimPendingOutbox, markOutboxPublished } from './repositories/outbox.repository.js';

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
      const rows = await claimPendingOutbox(tx, batchSize);
      for (const row of rows) {
        await this.queues
          .queue(row.queue)
          .add(
            row.jobName,
            { ...row.payload, messageId: row.id, ...(row.requestId ? { requestId: row.requestId } : {}) },
            { jobId: `outbox-${row.id}` },
          );
      }
      await markOutboxPublished(
        tx,
        rows.map((row) => row.id),
      );
      return rows.length;
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
