import { Query } from '@nestjs/cqrs';

export interface ReviewCountsView {
  inReview: number;
  rejected: number;
  approved: number;
  drafts: number;
}

/** How many of a creator's store items wait in review, were rejected, are live or still drafts. */
export class ReviewCountsQuery extends Query<ReviewCountsView> {
  constructor(readonly creatorId: string) {
    super();
  }
}
