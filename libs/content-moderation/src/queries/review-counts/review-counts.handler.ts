import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { ReviewCountsQuery, type ReviewCountsView } from './review-counts.query.js';
import { reviewCounts } from './review-counts.read-model.js';

@QueryHandler(ReviewCountsQuery)
export class ReviewCountsHandler implements IQueryHandler<ReviewCountsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  execute({ creatorId }: ReviewCountsQuery): Promise<ReviewCountsView> {
    return reviewCounts(this.orm.em.fork(), creatorId);
  }
}
