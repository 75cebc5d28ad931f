import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock, liveClaimant } from '#app/platform';
import { FindUserQuery } from '#app/identity';
import { IdImageFactsQuery, type IdImageFacts } from '#app/entitlements';
import { VerificationSubmission } from '../../entities/verification-submission.entity.js';

/** The facts the entitlement rules weigh for a case's ID images; the decision is theirs. */
@QueryHandler(IdImageFactsQuery)
export class IdImageFactsHandler implements IQueryHandler<IdImageFactsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ submissionId, staffId }: IdImageFactsQuery): Promise<IdImageFacts | null> {
    const row = await this.orm.em.fork().findOne(VerificationSubmission, submissionId);
    if (!row) return null;
    const staff = await this.queries.execute(new FindUserQuery(staffId));
    // Only a case waiting for review has a claim that opens its images.
    const holder = row.status === 'processing' ? liveClaimant(row, this.clock.now()) : null;
    return { claimHolder: holder, applicantId: row.userId, currentRole: staff?.role ?? null };
  }
}
