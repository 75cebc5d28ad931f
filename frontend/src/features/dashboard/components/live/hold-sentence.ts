import { POLICY_CONSTANTS } from '../../../../content/site-facts';
import type { CreatorSummary } from '../../services/dashboard-summary.service';

/** One sentence on when money is paid, so a hold reads as a waiting time, never as frozen money. */
export function payoutRhythm({ schedule }: Pick<CreatorSummary, 'schedule'>): string {
  if (schedule === 'monthly') return `Released earnings are paid out on ${POLICY_CONSTANTS.payoutDay}.`;
  return `Each sale waits ${POLICY_CONSTANTS.pendingHoldDays} days before it can be paid out, a safeguard against chargebacks while your account is new, and then goes out with the next month-end payout.`;
}
