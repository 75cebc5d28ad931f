import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The only writer of `message_media`: messaging's copy of each attached item's review. A send notes
 * an item the first time it is seen (version -1); from then on only content-moderation's events
 * (version >= 1) change it, and only a higher version applies.
 */
export const MessageMediaRepository = {
  /** Notes the review an item had when it was first attached; an item already known keeps its row. */
  async noteFirstSeen(em: EntityManager, contentId: string, status: string, at: Date): Promise<void> {
    await em.execute(
      `insert into message_media (content_id, status, version, updated_at) values (?, ?, -1, ?) on conflict (content_id) do nothing`,
      [contentId, status, at],
    );
  },

  /** Applies a review event unless a newer one was applied; answers whether it applied. Always an upsert, ordered by PostgreSQL against a send. */
  async recordReview(
    em: EntityManager,
    review: { contentId: string; status: string; version: number; at: Date },
  ): Promise<boolean> {
    const written = await em.execute<{ content_id: string }[]>(
      `insert into message_media as mm (content_id, status, version, updated_at) values (?, ?, ?, ?)
       on conflict (content_id) do update set status = excluded.status, version = excluded.version, updated_at = excluded.updated_at
       where mm.version < excluded.version returning content_id`,
      [review.contentId, review.status, review.version, review.at],
    );
    return written.length > 0;
  },
};
