import type { EntityManager } from '@mikro-orm/postgresql';

/** The messages an item is attached to, with their conversations (who must hear that its review changed). */
export function messagesCarrying(
  em: EntityManager,
  contentId: string,
): Promise<{ message_id: string; conversation_id: string }[]> {
  return em.execute<{ message_id: string; conversation_id: string }[]>(
    `select message_id, conversation_id from message_attachments where content_id = ?`,
    [contentId],
  );
}
