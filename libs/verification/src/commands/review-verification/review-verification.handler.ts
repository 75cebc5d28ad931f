import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import {
  APP_CONFIG,
  AppError,
  AuditLog,
  Clock,
  Outbox,
  StaffDecisions,
  claimRefusal,
  ownSubjectError,
  type AppConfig,
  type ClaimRefusal,
} from '#app/platform';
import { ChangeUserRoleCommand, FindUserQuery } from '#app/identity';
import { VerificationSubmission } from '../../entities/verification-submission.entity.js';
import { VerificationErrors } from '../../verification.errors.js';
import { ReviewVerificationCommand } from './review-verification.command.js';

const REFUSALS: Record<ClaimRefusal, () => AppError> = {
  own_work: () => ownSubjectError('verification'),
  claimed_by_other: VerificationErrors.claimedByOther,
  not_claimed: VerificationErrors.notClaimed,
};

@CommandHandler(ReviewVerificationCommand)
export class ReviewVerificationHandler implements ICommandHandler<ReviewVerificationCommand> {
  private readonly logger = new Logger(ReviewVerificationHandler.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(StaffDecisions) private readonly decisions: StaffDecisions,
  ) {}

  async execute({ submissionId, staffId, action, ip }: ReviewVerificationCommand): Promise<void> {
    const now = this.clock.now();
    const decided = await this.orm.em.fork().transactional(async (em) => {
      // The row lock makes claim and decision atomic: two moderators never both hold an item.
      const item = await em.findOne(VerificationSubmission, submissionId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!item) throw VerificationErrors.notFound();
      if (item.status !== 'processing') throw VerificationErrors.alreadyDecided();
      const before = {
        status: item.status,
        claimedBy: item.claimedBy,
        claimedAt: item.claimedAt?.toISOString() ?? null,
      };
      await this.decisions.assertNotOwn(em, staffId, [{ kind: 'verification', id: item.id }]);
      const refusal = claimRefusal(
        item,
        action.kind === 'claim' || action.kind === 'release' ? action.kind : 'decide',
        staffId,
        [],
        now,
      );
      if (refusal) throw REFUSALS[refusal]();

      if (action.kind === 'claim') {
        item.claimedBy = staffId;
        item.claimedAt = now;
      } else if (action.kind === 'release') {
        item.claimedBy = null;
        item.claimedAt = null;
      } else {
        item.status = action.kind === 'accept' ? 'accepted' : 'rejected';
        item.rejectionReason = action.kind === 'reject' ? action.reason : null;
        item.decidedBy = staffId;
        item.decidedAt = now;
      }
      const after = {
        status: item.status,
        claimedBy: item.claimedBy,
        claimedAt: item.claimedAt?.toISOString() ?? null,
      };
      await this.audit.record(em, {
        actorId: staffId,
        action: `verification.${action.kind === 'accept' ? 'accepted' : action.kind === 'reject' ? 'rejected' : action.kind === 'claim' ? 'claimed' : 'released'}`,
        targetType: 'verification',
        targetId: item.id,
        details: { userId: item.userId, before, after, ...(action.kind === 'reject' ? { reason: action.reason } : {}) },
        ipAddress: ip,
      });
      if (action.kind === 'accept' || action.kind === 'reject') await this.mailDecision(em, item);
      await em.flush();
      return action.kind === 'accept' ? item : null;
    });

    if (decided) {
      // Creator is the role an accepted verification grants; staff keep theirs.
      try {
        await this.commands.execute(
          new ChangeUserRoleCommand(decided.userId, 'creator', staffId, `verification ${decided.id} accepted`, ip, [
            'fan',
          ]),
        );
      } catch (error) {
        // The decision stands (committed, audited, mailed); an admin can grant the role from the console.
        this.logger.error(
          `verification ${decided.id} accepted but the creator role was not granted: ${(error as Error).message}`,
        );
      }
    }
  }

  private async mailDecision(em: Parameters<Outbox['enqueue']>[0], item: VerificationSubmission): Promise<void> {
    const user = await this.queries.execute(new FindUserQuery(item.userId));
    if (!user) return;
    if (item.status === 'accepted') {
      this.outbox.enqueue(em, 'notifications', 'send-email', {
        to: user.email,
        template: 'verification-accepted',
        variables: { storeSettingsUrl: `${this.config.PUBLIC_URL}/dashboard/mystoresettings` },
      });
    } else {
      this.outbox.enqueue(em, 'notifications', 'send-email', {
        to: user.email,
        template: 'verification-rejected',
        variables: {
          reason: item.rejectionReason ?? '',
          verificationUrl: `${this.config.PUBLIC_URL}/dashboard/verification`,
        },
      });
    }
  }
}
