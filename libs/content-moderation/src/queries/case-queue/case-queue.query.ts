import { Query } from '@nestjs/cqrs';
import type { CaseKind } from '../../domain/business-days.js';
import type { CaseView } from '../../commands/open-case/open-case.command.js';

/** Moderator queues: open cases by deadline (soonest first), resolved ones newest first. */
export class CaseQueueQuery extends Query<CaseView[]> {
  constructor(
    readonly kind: CaseKind | null,
    readonly status: 'open' | 'resolved',
    /** The staff member asking: their own cases are left out of the open queue. */
    readonly viewerId: string,
    readonly limit = 100,
  ) {
    super();
  }
}

export class CaseQuery extends Query<CaseView | null> {
  constructor(
    readonly caseId: string,
    /** The staff member asking, for `claim`. */
    readonly viewerId: string,
  ) {
    super();
  }
}
