import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { FindUserQuery, type UserSummary } from '#app/identity';
import { Clock, claimView, liveClaimant, notOwnWorkSql } from '#app/platform';
import { findCountry } from '../../domain/countries.js';
import { VerificationSubmission } from '../../entities/verification-submission.entity.js';
import { ReviewItemQuery, ReviewQueueQuery, type ReviewItem } from './review-queue.query.js';

/** Turns rows into queue items, asking identity once per distinct user for the emails. */
async function toItems(
  rows: VerificationSubmission[],
  queries: QueryBus,
  viewerId: string,
  now: Date,
): Promise<ReviewItem[]> {
  const ids = new Set(
    rows.flatMap((row) => [row.userId, row.claimedBy, row.decidedBy].filter((id): id is string => id !== null)),
  );
  const users = new Map<string, UserSummary | null>();
  for (const id of ids) users.set(id, await queries.execute(new FindUserQuery(id)));
  const ref = (id: string | null) => (id ? { id, email: users.get(id)?.email ?? '(deleted user)' } : null);
  return rows.map((row) => {
    const claimLive = liveClaimant(row, now) !== null;
    return {
      id: row.id,
      userId: row.userId,
      userEmail: users.get(row.userId)?.email ?? null,
      fullName: row.fullName,
      dateOfBirth: String(row.dateOfBirth).slice(0, 10),
      country: row.country,
      countryName: findCountry(row.country)?.name ?? row.country,
      status: row.status,
      submittedAt: row.submittedAt.toISOString(),
      claimedBy: claimLive ? ref(row.claimedBy) : null,
      claimedAt: claimLive ? row.claimedAt!.toISOString() : null,
      decidedBy: ref(row.decidedBy),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectionReason: row.rejectionReason,
      claim: claimView(row, viewerId, [row.userId], row.status === 'processing', now),
    };
  });
}

@QueryHandler(ReviewQueueQuery)
export class ReviewQueueHandler implements IQueryHandler<ReviewQueueQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ status, viewerId, limit }: ReviewQueueQuery): Promise<ReviewItem[]> {
    const order = status === 'processing' ? { submittedAt: 'asc', id: 'asc' } : { decidedAt: 'desc', id: 'desc' };
    // Staff never see their own submission as waiting for their review.
    const notOwn = status === 'processing' ? notOwnWorkSql(viewerId, ['v.user_id']) : { sql: 'true', params: [] };
    const rows = await this.orm.em
      .fork()
      .createQueryBuilder(VerificationSubmission, 'v')
      .where({ status })
      .andWhere(notOwn.sql, notOwn.params)
      .orderBy(order as never)
      .limit(limit)
      .getResultList();
    return toItems(rows, this.queries, viewerId, this.clock.now());
  }
}

@QueryHandler(ReviewItemQuery)
export class ReviewItemHandler implements IQueryHandler<ReviewItemQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ submissionId, viewerId }: ReviewItemQuery) {
    const row = await this.orm.em.fork().findOne(VerificationSubmission, submissionId);
    if (!row) return null;
    const [item] = await toItems([row], this.queries, viewerId, this.clock.now());
    return { ...item, imageKeys: { userPhotoWithId: row.userPhotoKey, idPhoto: row.idPhotoKey } };
  }
}
