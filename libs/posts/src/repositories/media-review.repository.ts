import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MediaReview } from '../domain/post.js';

export interface ReviewChange {
  contentId: string;
  creatorId: string;
  review: MediaReview;
  version: number;
}

/**
 * The one writer of `post_media_reviews`: posts' copy of where each item made for posts stands in
 * review, one row per item, the newest version winning. Attaching an item and a decision on it meet on
 * this row, so PostgreSQL orders them: whichever comes second sees the other's outcome.
 */
@Injectable()
export class MediaReviewRepository {
  /**
   * Called by a post that attaches items, with what content-moderation answered just now: stores
   * each (unless a newer version is already stored), holds the rows to the end of the transaction and
   * returns where each stands.
   */
  async attach(em: EntityManager, items: readonly ReviewChange[]): Promise<Map<string, MediaReview>> {
    if (items.length === 0) return new Map();
    const rows = await em.execute<{ content_id: string; review: MediaReview }[]>(
      `insert into post_media_reviews (content_id, creator_id, review, version)
       select r.content_id, r.creator_id, r.review, r.version
         from jsonb_to_recordset(?::jsonb) as r(content_id uuid, creator_id uuid, review text, version int)
       on conflict (content_id) do update
         set review = case when excluded.version > post_media_reviews.version then excluded.review else post_media_reviews.review end,
             version = greatest(excluded.version, post_media_reviews.version)
       returning content_id, review`,
      [
        JSON.stringify(
          items.map((item) => ({
            content_id: item.contentId,
            creator_id: item.creatorId,
            review: item.review,
            version: item.version,
          })),
        ),
      ],
    );
    return new Map(rows.map((row) => [row.content_id, row.review]));
  }

  /** A decision from content-moderation; false when a newer one was already recorded. */
  async record(em: EntityManager, change: ReviewChange): Promise<boolean> {
    const rows = await em.execute<{ content_id: string }[]>(
      `insert into post_media_reviews (content_id, creator_id, review, version) values (?, ?, ?, ?)
       on conflict (content_id) do update set review = excluded.review, version = excluded.version
         where post_media_reviews.version < excluded.version
       returning content_id`,
      [change.contentId, change.creatorId, change.review, change.version],
    );
    return rows.length > 0;
  }
}
