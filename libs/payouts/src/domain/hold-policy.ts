import { CLEAN_HISTORY_MONTHS, HOLD_DAYS, addDays, addMonths, dayOf, lastDayOfMonth } from './calendar.js';

export interface PayeeHistory {
  firstEarningAt: Date | null;
  highRisk: boolean;
  lastIncidentAt: Date | null;
}

export interface Hold {
  schedule: 'monthly' | 'held';
  /** The day the earnings become payable; the month-end run on or after it pays them. */
  releaseOn: string;
  reason: string;
  /** Held payees: the day 4 months of clean history are complete (null for high risk). */
  heldUntil: string | null;
}

export const HOLD_REASONS = {
  highRisk: `Account under risk review: earnings are held ${HOLD_DAYS} days`,
  incident: `Chargeback in the last ${CLEAN_HISTORY_MONTHS} months: earnings are held ${HOLD_DAYS} days until the history is clean again`,
  newPayee: `New account: earnings are held ${HOLD_DAYS} days until ${CLEAN_HISTORY_MONTHS} months of clean history`,
  monthly: 'Monthly payout: released on the last calendar day of the month',
} as const;

/**
 * SPEC §4/§9: new or high-risk payees keep earnings pending 21 days; after 4 months of clean
 * history (since the first earning, and since the last chargeback) they move to the regular
 * monthly payout on the last calendar day of the month.
 */
export function holdFor(history: PayeeHistory, at: Date): Hold {
  const held = (reason: string, heldUntil: string | null): Hold => ({
    schedule: 'held',
    releaseOn: dayOf(addDays(at, HOLD_DAYS)),
    reason,
    heldUntil,
  });
  if (history.highRisk) return held(HOLD_REASONS.highRisk, null);
  if (history.lastIncidentAt) {
    const cleanAt = addMonths(history.lastIncidentAt, CLEAN_HISTORY_MONTHS);
    if (at < cleanAt) return held(HOLD_REASONS.incident, dayOf(cleanAt));
  }
  const since = history.firstEarningAt ?? at;
  const cleanAt = addMonths(since, CLEAN_HISTORY_MONTHS);
  if (at < cleanAt) return held(HOLD_REASONS.newPayee, dayOf(cleanAt));
  return { schedule: 'monthly', releaseOn: lastDayOfMonth(at), reason: HOLD_REASONS.monthly, heldUntil: null };
}
