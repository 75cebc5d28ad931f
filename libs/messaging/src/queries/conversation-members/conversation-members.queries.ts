import type { EntityManager } from '@mikro-orm/postgresql';

/** Who is in a conversation and whether either side blocked the other, read for ports other modules call. */

/** Each member of the conversation, with when they blocked it (null when they did not). */
export function membersOf(
  em: EntityManager,
  conversationId: string,
): Promise<{ user_id: string; blocked_at: Date | null }[]> {
  return em.execute<{ user_id: string; blocked_at: Date | null }[]>(
    `select user_id, blocked_at from conversation_members where conversation_id = ?`,
    [conversationId],
  );
}

/** Whether the fan's conversation with this creator carries a block, either side (false without a conversation). */
export async function blockedBetween(em: EntityManager, fanId: string, creatorId: string): Promise<boolean> {
  const [row] = await em.execute(
    `select 1 from conversations c join conversation_members m on m.conversation_id = c.id
      where c.fan_id = ? and c.creator_id = ? and m.blocked_at is not null limit 1`,
    [fanId, creatorId],
  );
  return row !== undefined;
}

/** The two people in a conversation (none when it does not exist). */
export async function partiesOfConversation(em: EntityManager, conversationId: string): Promise<string[]> {
  const rows = await em.execute<{ fan_id: string; creator_id: string }[]>(
    `select fan_id, creator_id from conversations where id = ?`,
    [conversationId],
  );
  return rows.flatMap((row) => [row.fan_id, row.creator_id]);
}

/** The two people in the conversation a message was sent in (none when the message does not exist). */
export async function partiesOfMessage(em: EntityManager, messageId: string): Promise<string[]> {
  const rows = await em.execute<{ fan_id: string; creator_id: string }[]>(
    `select c.fan_id, c.creator_id from conversations c where c.id in (select conversation_id from messages where id = ?)`,
    [messageId],
  );
  return rows.flatMap((row) => [row.fan_id, row.creator_id]);
}
