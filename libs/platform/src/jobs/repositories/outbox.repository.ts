import type { EntityManager } from '@mikro-orm/postgresql';
import type { QueueName } from '../job-catalogue.js';

/** A committed outbox row waiting to be published to its queue. */
export interface PendingOutboxMessage {
  id: string;
  queue: QueueName;
  jobName: string;
  payload: Record<string, unknown>;
  requestId: string | null;
}

/**
 * Up to `limit` unpublished rows that are due, oldest first, locked for the caller's transaction;
 * rows another relay holds are skipped, so several relays run at once.
 */
export async function claimPendingOutbox(em: EntityManager, limit: number): Promise<PendingOutboxMessage[]> {
  const rows = await em.execute<
    { id: string; queue: QueueName; job_name: string; payload: Record<string, unknown>; request_id: string | null }[]
  >(
    `select id, queue, job_name, payload, request_id from outbox_message
      where published_at is null and available_at <= now()
      order by id limit ? for update skip locked`,
    [limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    queue: row.queue,
    jobName: row.job_name,
    payload: row.payload,
    requestId: row.request_id,
  }));
}

export async function markOutboxPublished(em: EntityManager, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await em.execute(
    `update outbox_message set published_at = now(), attempts = attempts + 1 where id = any(?::bigint[])`,
    [`{${ids.join(',')}}`],
  );
}

/** How many rows wait to be published, and the age in seconds of the oldest (0 when none waits). */
export async function outboxBacklog(em: EntityManager): Promise<{ pending: number; ageSeconds: number }> {
  const [row] = await em.execute<{ pending: number; age: number | null }[]>(
    `select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as age
       from outbox_message where published_at is null`,
  );
  return { pending: row.pending, ageSeconds: Math.max(0, row.age ?? 0) };
}
