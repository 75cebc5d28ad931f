import { Command } from '@nestjs/cqrs';
import type { ClaimView } from '#app/platform';
import type { CaseKind } from '../../domain/business-days.js';
import type { SubjectType } from '../../entities/moderation-case.entity.js';

export interface CaseView {
  id: string;
  kind: CaseKind;
  subjectType: SubjectType;
  subjectId: string;
  reason: string;
  details: string;
  reporterEmail: string | null;
  status: 'open' | 'resolved';
  outcome: string | null;
  resolutionNote: string | null;
  openedAt: string;
  dueAt: string;
  /** on_time, warn (a quarter of the time left) or overdue, at the time of the answer. */
  stage: 'on_time' | 'warn' | 'overdue';
  /** Milliseconds to the deadline (negative once overdue). */
  remainingMs: number;
  claimedBy: string | null;
  claimedAt: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  breached: boolean;
  /** What the staff member asking may do with it (the shared review-claim rule). */
  claim: ClaimView;
}

/** Anyone files a report, a takedown request or a depicted-person appeal; the policy sets its deadline. */
export class OpenCaseCommand extends Command<{ id: string; dueAt: string }> {
  constructor(
    readonly kind: CaseKind,
    readonly subjectType: SubjectType,
    readonly subjectId: string,
    readonly reason: string,
    readonly details: string,
    readonly reporterUserId: string | null,
    readonly reporterEmail: string | null,
    readonly ip: string,
  ) {
    super();
  }
}
