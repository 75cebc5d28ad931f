import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReviewCountsView } from './review-counts.query.js';

/** How many of a creator's store items are in each review state. */
export async function reviewCounts(em: EntityManager, creatorId: string): Promise<ReviewCountsView> {
  const [row] = await em.execute<Record<keyof ReviewCountsView, string>[]>(
    `select count(*) filter (where status = 'pending_review') as "inReview", count(*) filter (where status = 'rejected') as rejected,
            count(*) filter (where status = 'approved') as approved, count(*) filter (where status = 'draft') as drafts
       from content_items where creator_id = ? and purpose = 'store'`,
    [creatorId],
  );
  return {
    inReview: Number(row.inReview),
    rejected: Number(row.rejected),
    approved: Number(row.approved),
    drafts: Number(row.drafts),
  };
}
