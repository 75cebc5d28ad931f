import { cutoffOf, lastDayOfMonth, periodOf } from './calendar.js';

/** Pending earnings that become payable on one day ('YYYY-MM-DD'), as the ledger keeps them. */
export interface PendingBucket {
  releaseOn: string;
  amountMinor: number;
}

export interface PayoutOutlook {
  today: Date;
  /** Released earnings not paid yet; negative after a chargeback that came after a payout. */
  currentMinor: number;
  pending: readonly PendingBucket[];
  /** This month's close already ran: the next close is next month's. */
  closedThisMonth: boolean;
}

export interface NextPayout {
  /** The month-end that pays it ('YYYY-MM-DD'). */
  on: string;
  amountMinor: number;
}

/** The month-end close that pays earnings payable on `releaseOn`: the last day of that month. */
export const payoutDayFor = (releaseOn: string): string => lastDayOfMonth(new Date(`${releaseOn}T00:00:00Z`));

/**
 * The next month-end that actually pays something: the first close from this month on where the
 * current balance plus the pending earnings payable by then is above zero. Null when none will
 * (nothing earned, or a chargeback debt larger than everything pending).
 */
export function nextPayout({ today, currentMinor, pending, closedThisMonth }: PayoutOutlook): NextPayout | null {
  const thisMonthEnd = lastDayOfMonth(today);
  const firstClose = closedThisMonth
    ? cutoffOf(periodOf(new Date(Date.parse(`${thisMonthEnd}T00:00:00Z`) + 86_400_000)))
    : thisMonthEnd;
  const closes = [...new Set([firstClose, ...pending.map((bucket) => payoutDayFor(bucket.releaseOn))])]
    .filter((day) => day >= firstClose)
    .sort();
  for (const close of closes) {
    const amountMinor =
      currentMinor +
      pending.filter((bucket) => bucket.releaseOn <= close).reduce((sum, bucket) => sum + bucket.amountMinor, 0);
    if (amountMinor > 0) return { on: close, amountMinor };
  }
  return null;
}
