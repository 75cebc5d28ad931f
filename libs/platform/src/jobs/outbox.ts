import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxMessage } from './outbox-message.entity.js';
import { currentRequestId } from '../observability/request-context.js';
import type { JobName, JobPayload, QueueName } from './job-catalogue.js';

/**
 * Writes a job request into the caller's unit of work, so it commits or rolls back with the
 * change that caused it. The worker's relay publishes it after commit, with the request id of
 * the request that wrote it, so the job's log lines name that request.
 */
@Injectable()
export class Outbox {
  enqueue<Q extends QueueName, N extends JobName<Q>>(
    em: EntityManager,
    queue: Q,
    jobName: N,
    payload: JobPayload<Q, N>,
  ): void {
    const message = em.create(OutboxMessage, {
      queue,
      jobName,
      payload: payload as Record<string, unknown>,
      requestId: currentRequestId() ?? null,
    } as never);
    em.persist(message);
  }
}
