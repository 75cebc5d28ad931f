import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Clock, StaffDecisions, claimView, liveClaimant } from '#app/platform';
import { deadlineStage } from '../../domain/business-days.js';
import type { CaseView } from '../../commands/open-case/open-case.command.js';
import { CaseQuery, CaseQueueQuery } from './case-queue.query.js';
import { caseQueueRows, caseRow, type CaseRow } from './case-queue.read-model.js';

function toView(row: CaseRow, viewerId: string, now: Date, otherOwners: readonly string[] = []): CaseView {
  const openedAt = new Date(row.opened_at);
  const dueAt = new Date(row.due_at);
  const claimedAt = row.claimed_at ? new Date(row.claimed_at) : null;
  const claimLive = liveClaimant({ claimedBy: row.claimed_by, claimedAt }, now) !== null;
  return {
    id: row.id,
    kind: row.kind,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    reason: row.reason,
    details: row.details,
    reporterEmail: row.reporter_email,
    status: row.status,
    outcome: row.outcome,
    resolutionNote: row.resolution_note,
    openedAt: openedAt.toISOString(),
    dueAt: dueAt.toISOString(),
    stage: row.status === 'open' ? deadlineStage(now, openedAt, dueAt) : row.breached ? 'overdue' : 'on_time',
    remainingMs: dueAt.getTime() - now.getTime(),
    claimedBy: claimLive ? row.claimed_by : null,
    claimedAt: claimLive ? claimedAt!.toISOString() : null,
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
    breached: row.breached,
    claim: claimView(
      { claimedBy: row.claimed_by, claimedAt },
      viewerId,
      [
        row.reporter_user_id,
        row.subject_type === 'account' ? row.subject_id : null,
        row.content_creator_id,
        ...otherOwners,
      ],
      row.status === 'open',
      now,
    ),
  };
}

/** Owners the SQL above cannot name (other modules keep stores and conversations): asked of the modules that keep them. */
const OWNED_ELSEWHERE: readonly CaseRow['subject_type'][] = ['store', 'message', 'conversation'];

async function otherOwners(decisions: StaffDecisions, em: EntityManager, row: CaseRow): Promise<string[]> {
  return OWNED_ELSEWHERE.includes(row.subject_type)
    ? decisions.owners(em, [{ kind: row.subject_type, id: row.subject_id }])
    : [];
}

@QueryHandler(CaseQueueQuery)
export class CaseQueueHandler implements IQueryHandler<CaseQueueQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(StaffDecisions) private readonly decisions: StaffDecisions,
  ) {}

  async execute({ kind, status, viewerId, limit }: CaseQueueQuery): Promise<CaseView[]> {
    // The same owners as the claim rule: the filer, the account a case is about, the creator of its content.
    const em = this.orm.em.fork();
    const rows = await caseQueueRows(em, { status, kind, viewerId, limit });
    const now = this.clock.now();
    const views: CaseView[] = [];
    for (const row of rows) {
      const others = await otherOwners(this.decisions, em, row);
      if (status !== 'open' || !others.includes(viewerId)) views.push(toView(row, viewerId, now, others));
    }
    return views;
  }
}

@QueryHandler(CaseQuery)
export class CaseHandler implements IQueryHandler<CaseQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(StaffDecisions) private readonly decisions: StaffDecisions,
  ) {}

  async execute({ caseId, viewerId }: CaseQuery): Promise<CaseView | null> {
    const em = this.orm.em.fork();
    const row = await caseRow(em, caseId);
    return row ? toView(row, viewerId, this.clock.now(), await otherOwners(this.decisions, em, row)) : null;
  }
}
