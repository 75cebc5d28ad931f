import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxMessage } from './outbox-message.entity.js';
import type { JobName, JobPayload, QueueName } from './job-catalogue.js';

/**
 * Writes a job request into the caller's unit of work, so it commits or rolls back with the
 * change that caused it. The worker's relay publishes it after commit.
 */
@Injectable()
export class Outbox {
  enqueue<Q extends QueueName, N extends JobName<Q>>(em: EntityManager, queue: Q, jobName: N, payload: JobPayload<Q, N>): void {
    const message = em.create(OutboxMessage, {
      queue,
      jobName,
      payload: payload as Record<string, unknown>,
    } as never);
    em.persist(message);
  }
}
