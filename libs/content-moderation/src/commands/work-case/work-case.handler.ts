import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  AppError,
  AuditLog,
  Clock,
  StaffDecisions,
  claimRefusal,
  ownSubjectError,
  type ClaimRefusal,
} from '#app/platform';
import { transition } from '../../domain/review-state.js';
import { ContentItem } from '../../entities/content-item.entity.js';
import { ModerationCase } from '../../entities/moderation-case.entity.js';
import { ModerationErrors } from '../../moderation.errors.js';
import { WorkCaseCommand, type CaseAction } from './work-case.command.js';
import { ContentSaleEvents } from '../../events/content-sale-events.js';

const REFUSALS: Record<ClaimRefusal, () => AppError> = {
  own_work: () => ownSubjectError('case'),
  claimed_by_other: ModerationErrors.claimedByOther,
  not_claimed: ModerationErrors.notClaimed,
};

@CommandHandler(WorkCaseCommand)
export class WorkCaseHandler implements ICommandHandler<WorkCaseCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(ContentSaleEvents) private readonly saleEvents: ContentSaleEvents,
    @Inject(StaffDecisions) private readonly decisions: StaffDecisions,
  ) {}

  async execute({ caseId, staffId, action, ip }: WorkCaseCommand): Promise<void> {
    const now = this.clock.now();
    await this.orm.em.fork().transactional(async (em) => {
      const entry = await em.findOne(ModerationCase, caseId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!entry) throw ModerationErrors.notFound();
      if (entry.status !== 'open') throw ModerationErrors.alreadyResolved();
      const before = { status: entry.status, claimedBy: entry.claimedBy };
      // Nobody works a case they filed, nor one about their own account, content, store or conversation.
      if (entry.reporterUserId === staffId) throw ownSubjectError('case');
      await this.decisions.assertNotOwn(em, staffId, [{ kind: entry.subjectType, id: entry.subjectId }]);
      const refusal = claimRefusal(
        entry,
        action.kind === 'claim' || action.kind === 'release' ? action.kind : 'decide',
        staffId,
        [],
        now,
      );
      if (refusal) throw REFUSALS[refusal]();
      if (action.kind === 'claim') {
        entry.claimedBy = staffId;
        entry.claimedAt = now;
      } else if (action.kind === 'release') {
        entry.claimedBy = null;
        entry.claimedAt = null;
      } else {
        await this.applyToContent(em, entry, action, staffId, ip, now);
        entry.status = 'resolved';
        entry.outcome = action.outcome;
        entry.resolutionNote = action.note;
        entry.resolvedBy = staffId;
        entry.resolvedAt = now;
      }
      await this.audit.record(em, {
        actorId: staffId,
        action: `moderation.case_${action.kind === 'claim' ? 'claimed' : action.kind === 'release' ? 'released' : 'resolved'}`,
        targetType: `moderation_${entry.kind}`,
        targetId: entry.id,
        details: {
          before,
          after: { status: entry.status, claimedBy: entry.claimedBy, outcome: entry.outcome },
          onTime: action.kind === 'resolve' ? now.getTime() <= entry.dueAt.getTime() : undefined,
          note: action.kind === 'resolve' ? action.note : undefined,
        },
        ipAddress: ip,
      });
      await em.flush();
    });
  }

  /**
   * A takedown or report upheld against a content item removes it; an upheld appeal restores it.
   * Moderators may do this through a case (the case is the justification); it is audited.
   */
  private async applyToContent(
    em: EntityManager,
    entry: ModerationCase,
    action: CaseAction,
    staffId: string,
    ip: string | null,
    now: Date,
  ): Promise<void> {
    if (action.kind !== 'resolve' || entry.subjectType !== 'content') return;
    if (action.outcome !== 'content_removed' && action.outcome !== 'content_restored') return;
    if (!UUID.test(entry.subjectId))
      throw new AppError(
        409,
        'unknown_subject',
        'This case does not name a content item that can be removed or restored',
      );
    const item = await em.findOne(ContentItem, entry.subjectId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!item) throw new AppError(409, 'unknown_subject', 'The content this case names does not exist');
    const event =
      action.outcome === 'content_removed'
        ? ({ type: 'remove', reason: `${entry.kind} ${entry.id}: ${action.note}` } as const)
        : ({ type: 'restore' } as const);
    if (item.status === 'draft')
      throw new AppError(409, 'unknown_subject', 'The content this case names is not published');
    const next = transition(item.status, event);
    if (!next.ok) throw new AppError(409, 'invalid_transition', next.message);
    const before = item.status;
    item.status = next.status;
    item.decidedBy = staffId;
    item.decidedAt = now;
    item.updatedAt = now;
    this.saleEvents.announce(em, item, before, now);
    await this.audit.record(em, {
      actorId: staffId,
      action: action.outcome === 'content_removed' ? 'content.removed' : 'content.restored',
      targetType: 'content',
      targetId: item.id,
      details: {
        before: { status: before },
        after: { status: item.status },
        caseId: entry.id,
        caseKind: entry.kind,
        reason: action.note,
      },
      ipAddress: ip,
    });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
