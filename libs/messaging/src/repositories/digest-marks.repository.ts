import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The digest's high-water marks on `conversation_members` (what a member has been mailed about), in
 * the digest's transaction: the member's rows with unread messages are locked first (in conversation
 * order, as the send's digest check takes them), then each mailed conversation's mark moves.
 */
export const DigestMarks = {
  async lock(em: EntityManager, userId: string): Promise<void> {
    await em.execute(
      `select 1 from conversation_members where user_id = ? and unread_count > 0 order by conversation_id for update`,
      [userId],
    );
  },

  async moveTo(
    em: EntityManager,
    userId: string,
    marks: { conversation_id: string; latest_at: Date | string; latest_id: string }[],
  ): Promise<void> {
    for (const mark of marks) {
      await em.execute(
        `update conversation_members set digested_up_to_at = ?::timestamptz, digested_up_to_id = ? where conversation_id = ? and user_id = ?`,
        [mark.latest_at, mark.latest_id, mark.conversation_id, userId],
      );
    }
  },
};
