import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { VerificationSubmission } from '../../entities/verification-submission.entity.js';
import { VerificationStatusQuery, type VerificationStatusView } from './verification-status.query.js';

@QueryHandler(VerificationStatusQuery)
export class VerificationStatusHandler implements IQueryHandler<VerificationStatusQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: VerificationStatusQuery): Promise<VerificationStatusView> {
    const latest = await this.orm.em
      .fork()
      .findOne(VerificationSubmission, { userId }, { orderBy: { submittedAt: 'desc' } });
    return {
      status: latest?.status ?? null,
      verifiedAt: latest?.status === 'accepted' ? (latest.decidedAt?.toISOString() ?? null) : null,
      rejectionReason: latest?.status === 'rejected' ? latest.rejectionReason : null,
      submittedAt: latest?.submittedAt.toISOString() ?? null,
    };
  }
}
