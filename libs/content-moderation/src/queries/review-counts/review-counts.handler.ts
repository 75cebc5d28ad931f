import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { ReviewCountsQuery, type ReviewCountsView } from './review-counts.query.js';

@QueryHandler(ReviewCountsQuery)
export class ReviewCountsHandler implements IQueryHandler<ReviewCountsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ creatorId }: ReviewCountsQuery): Promise<ReviewCountsView> {
    const [row] = await this.orm.em.getConnection().execute<Record<keyof ReviewCountsView, string>[]>(
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
}
