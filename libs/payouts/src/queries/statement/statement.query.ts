import { Query } from '@nestjs/cqrs';
import type { PayoutMethodView } from '../payout-method/payout-method.query.js';

export interface BalanceView {
  currency: string;
  pendingMinor: number;
  currentMinor: number;
  /** Refunds, chargebacks and corrections on your balances this calendar month (negative takes money off). */
  adjustmentsMinor: number;
}

export interface StatementView extends BalanceView {
  schedule: 'monthly' | 'held';
  holdReason: string;
  heldUntil: string | null;
  /** The next month-end close that pays something (YYYY-MM-DD); null when none will yet. */
  nextPayoutOn: string | null;
  /** What that close pays, in the statement's currency (0 when none). */
  nextPayoutMinor: number;
  payoutMethod: PayoutMethodView | null;
  balances: BalanceView[];
}

/** The Statements dashboard (SPEC §3): Pending Balance, Current Balance, Adjustments and the payout schedule. */
export class StatementQuery extends Query<StatementView> {
  constructor(readonly userId: string) {
    super();
  }
}
