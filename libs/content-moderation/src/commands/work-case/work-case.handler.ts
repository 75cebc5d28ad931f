import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { AuditLog, Clock } from '#app/platform';
import { ModerationCase } from '../../entities/moderation-case.entity.js';
import { ModerationErrors } from '../../moderation.errors.js';
import { WorkCaseCommand } from './work-case.command.js';

export const CASE_CLAIM_TTL_MS = 30 * 60 * 1000;

@CommandHandler(WorkCaseCommand)
export class WorkCaseHandler implements ICommandHandler<WorkCaseCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  async execute({ caseId, staffId, action, ip }: WorkCaseCommand): Promise<void> {
    const now = this.clock.now();
    await this.orm.em.fork().transactional(async (em) => {
      const entry = await em.findOne(ModerationCase, caseId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!entry) throw ModerationErrors.notFound();
      if (entry.status !== 'open') throw ModerationErrors.alreadyResolved();
      const live = entry.claimedBy !== null && entry.claimedAt !== null && now.getTime() - entry.claimedAt.getTime() < CASE_CLAIM_TTL_MS;
      const mine = live && entry.claimedBy === staffId;
      const before = { status: entry.status, claimedBy: entry.claimedBy };
      if (action.kind === 'claim') {
        if (live && !mine) throw ModerationErrors.claimedByOther();
        entry.claimedBy = staffId;
        entry.claimedAt = now;
      } else if (!mine) {
        throw live ? ModerationErrors.claimedByOther() : ModerationErrors.notClaimed();
      } else if (action.kind === 'release') {
        entry.claimedBy = null;
        entry.claimedAt = null;
      } else {
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
}
