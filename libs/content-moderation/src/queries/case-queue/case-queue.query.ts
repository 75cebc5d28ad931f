import { Query } from '@nestjs/cqrs';
import type { CaseKind } from '../../domain/business-days.js';
import type { CaseView } from '../../commands/open-case/open-case.command.js';

/** Moderator queues: open cases by deadline (soonest first), resolved ones newest first. */
export class CaseQueueQuery extends Query<CaseView[]> {
  constructor(
    readonly kind: CaseKind | null,
    readonly status: 'open' | 'resolved',
    readonly limit = 100,
  ) {
    super();
  }
}

export class CaseQuery extends Query<CaseView | null> {
  constructor(readonly caseId: string) {
    super();
  }
}
