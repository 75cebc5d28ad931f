import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Claims (consumer, messageId) inside the caller's transaction. Returns false when another
 * delivery already claimed it, so a redelivered job becomes a harmless no-op.
 */
export async function claimMessage(em: EntityManager, consumer: string, messageId: string): Promise<boolean> {
  const rows = await em.execute<{ message_id: string }[]>(
    `insert into processed_message (consumer, message_id) values (?, ?) on conflict do nothing returning message_id`,
    [consumer, messageId],
  );
  return rows.length === 1;
}

export async function wasProcessed(em: EntityManager, consumer: string, messageId: string): Promise<boolean> {
  const rows = await em.execute(`select 1 from processed_message where consumer = ? and message_id = ?`, [
    consumer,
    messageId,
  ]);
  return rows.length > 0;
}
