import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
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
import { FindUserQuery } from '#app/identity';
import { transition, type ReviewEvent } from '../../domain/review-state.js';
import { ContentItem } from '../../entities/content-item.entity.js';
import { ContentErrors } from '../../moderation.errors.js';
import { ReviewContentCommand, type ContentReviewAction } from './review-content.command.js';
import { CollaboratorCheck } from './collaborator-check.js';
import { ContentSaleEvents } from '../../events/content-sale-events.js';

const REFUSALS: Record<ClaimRefusal, () => AppError> = {
  own_work: () => ownSubjectError('content'),
  claimed_by_other: ContentErrors.claimedByOther,
  not_claimed: ContentErrors.notClaimed,
};

function toEvent(action: ContentReviewAction): ReviewEvent | null {
  switch (action.kind) {
    case 'approve':
      return { type: 'approve' };
    case 'reject':
      return { type: 'reject', reason: action.reason };
    case 'remove':
      return { type: 'remove', reason: action.reason };
    case 'restore':
      return { type: 'restore' };
    default:
      return null;
  }
}

@CommandHandler(ReviewContentCommand)
export class ReviewContentHandler implements ICommandHandler<ReviewContentCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CollaboratorCheck) private readonly collaborators: CollaboratorCheck,
    @Inject(ContentSaleEvents) private readonly saleEvents: ContentSaleEvents,
    @Inject(StaffDecisions) private readonly decisions: StaffDecisions,
  ) {}

  async execute({ contentId, staffId, staffRole, action: requestedAction, ip }: ReviewContentCommand): Promise<void> {
    let action = requestedAction;
    const requested = requestedAction.kind;
    if ((action.kind === 'remove' || action.kind === 'restore') && staffRole !== 'admin')
      throw new AppError(403, 'forbidden', 'Only admins remove or restore content');
    const now = this.clock.now();
    await this.orm.em.fork().transactional(async (em) => {
      const item = await em.findOne(ContentItem, contentId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!item || item.status === 'draft') throw ContentErrors.notFound();
      // The creator and everyone featured own the item: none of them claims, reviews, removes or restores it.
      await this.decisions.assertNotOwn(em, staffId, [{ kind: 'content', id: item.id }]);
      const before = { status: item.status, claimedBy: item.claimedBy };

      if (action.kind === 'claim' || action.kind === 'release') {
        if (item.status !== 'pending_review')
          throw ContentErrors.invalidTransition(`Only content pending review can be ${action.kind}ed`);
        const refusal = claimRefusal(item, action.kind, staffId, [], now);
        if (refusal) throw REFUSALS[refusal]();
        item.claimedBy = action.kind === 'claim' ? staffId : null;
        item.claimedAt = action.kind === 'claim' ? now : null;
      } else {
        // Review decisions need the claim; an admin's removal or restoring does not.
        const refusal = claimRefusal(item, 'decide', staffId, [], now);
        if (refusal && (action.kind === 'approve' || action.kind === 'reject')) throw REFUSALS[refusal]();
        // Everyone featured must be verified, listed with permission and have a release form, or the item is rejected.
        if (action.kind === 'approve' || action.kind === 'restore') {
          const problems = await this.collaborators.problems(em, item);
          if (problems.length > 0) {
            if (action.kind === 'restore') throw ContentErrors.invalidTransition(problems.join('; '));
            action = { kind: 'reject', reason: `${problems.join('. ')}.` };
          }
        }
        const next = transition(item.status as Exclude<typeof item.status, 'draft'>, toEvent(action)!);
        if (!next.ok) throw ContentErrors.invalidTransition(next.message);
        item.status = next.status;
        item.rejectionReason = action.kind === 'reject' ? action.reason : null;
        item.decidedBy = staffId;
        item.decidedAt = now;
        item.claimedBy = null;
        item.claimedAt = null;
        // Commerce sells from its own copy: approved, removed and restored reach it through the outbox.
        this.saleEvents.announce(em, item, before.status, now);
        if (action.kind === 'approve' || action.kind === 'reject') {
          await this.notifyCreator(em, item);
          this.outbox.enqueue(em, 'notifications', 'content-decided', { contentId: item.id });
        }
      }
      item.updatedAt = now;
      await this.audit.record(em, {
        actorId: staffId,
        action: `content.${{ claim: 'claimed', release: 'released', approve: 'approved', reject: 'rejected', remove: 'removed', restore: 'restored' }[action.kind]}`,
        targetType: 'content',
        targetId: item.id,
        details: {
          creatorId: item.creatorId,
          before,
          after: { status: item.status, claimedBy: item.claimedBy },
          ...('reason' in action ? { reason: action.reason } : {}),
          ...(requested !== action.kind ? { automatic: `${requested} refused by the collaborator rule` } : {}),
        },
        ipAddress: ip,
      });
    });
  }

  private async notifyCreator(em: Parameters<Outbox['enqueue']>[0], item: ContentItem): Promise<void> {
    const creator = await this.queries.execute(new FindUserQuery(item.creatorId));
    if (!creator) return;
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to: creator.email,
      template: item.status === 'approved' ? 'content-approved' : 'content-rejected',
      variables: {
        title: item.title,
        reason: item.rejectionReason ?? '',
        contentUrl: `${this.config.PUBLIC_URL}/dashboard/${item.kind === 'video' ? 'my-videos' : 'photo-albums'}`,
      },
    });
  }
}
