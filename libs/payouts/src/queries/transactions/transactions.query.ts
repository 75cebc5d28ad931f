import { Query } from '@nestjs/cqrs';

/** correction: a won dispute's restored share (a payee's line says why). */
export type StatementLineKind =
  'sale' | 'referral' | 'refund' | 'chargeback' | 'correction' | 'release' | 'payout' | 'payout_returned';

export interface StatementLine {
  id: string;
  transactionId: number;
  kind: StatementLineKind;
  description: string;
  /** The effect on your balance: positive adds, negative takes off. */
  amountMinor: number;
  currency: string;
  balance: 'pending' | 'current';
  occurredAt: string;
  releaseOn: string | null;
  /** Earnings not paid yet: the month-end close that pays them. */
  payoutOn: string | null;
  holdReason: string | null;
  status: 'pending' | 'released' | 'paid' | 'submitted' | 'failed' | null;
}

/** Your ledger lines, newest first; `before` pages by transaction id. `limit` null: all of them (CSV). */
export class TransactionsQuery extends Query<{ items: StatementLine[]; nextCursor: string | null }> {
  constructor(
    readonly userId: string,
    readonly before: number | null,
    readonly limit: number | null,
  ) {
    super();
  }
}
