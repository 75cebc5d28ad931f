import { Command } from '@nestjs/cqrs';
import type { CaseOutcome } from '../../entities/moderation-case.entity.js';

export type CaseAction =
  { kind: 'claim' } | { kind: 'release' } | { kind: 'resolve'; outcome: CaseOutcome; note: string };

/** A moderator claims, releases or resolves a case (resolving needs the claim). */
export class WorkCaseCommand extends Command<void> {
  constructor(
    readonly caseId: string,
    readonly staffId: string,
    readonly action: CaseAction,
    readonly ip: string | null,
  ) {
    super();
  }
}
