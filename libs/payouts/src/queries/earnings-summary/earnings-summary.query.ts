import { Query } from '@nestjs/cqrs';

export interface EarningsSummaryView {
  currency: string;
  /** Captured sales this calendar month (UTC), before the platform's share. */
  monthGrossMinor: number;
  /** What this month added to your earnings: your share of sales and referrals, less refunds and chargebacks. */
  monthNetMinor: number;
  pendingMinor: number;
  currentMinor: number;
  nextPayout: { on: string; amountMinor: number } | null;
  schedule: 'monthly' | 'held';
  /** Held payees: the day their earnings move to the monthly payout (null for a risk review). */
  heldUntil: string | null;
  payoutMethodSet: boolean;
}

/** The creator's money at a glance, for the dashboard home. */
export class EarningsSummaryQuery extends Query<EarningsSummaryView> {
  constructor(readonly userId: string) {
    super();
  }
}
