import type { EntityManager } from '@mikro-orm/postgresql';

/** The only writer of `messaging_preferences`: a member's choice of the unread-message email digest. */
export const MessagingPreferencesRepository = {
  /** One row per member, replaced whole. The digest job reads it under its own transaction: a switch-off committed first is honoured. */
  async save(em: EntityManager, userId: string, emailDigest: boolean, at: Date): Promise<void> {
    await em.execute(
      `insert into messaging_preferences (user_id, email_digest, updated_at) values (?, ?, ?)
       on conflict (user_id) do update set email_digest = excluded.email_digest, updated_at = excluded.updated_at`,
      [userId, emailDigest, at],
    );
  },
};
