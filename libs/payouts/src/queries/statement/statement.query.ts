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
  nextPayoutOn: string;
  payoutMethod: PayoutMethodView | null;
  balances: BalanceView[];
}

/** The Statements dashboard (SPEC §3): Pending Balance, Current Balance, Adjustments and the payout schedule. */
export class StatementQuery extends Query<StatementView> {
  constructor(readonly userId: string) {
    super();
  }
}
