import { Payout, PayoutError, type PayoutLine } from '../../domain/payout.js';
import type { PayableBalance } from '../../ledger/ledger.repository.js';

/**
 * The payouts a batch's close owes: one per payee and currency, made of the current balance it
 * carried and the earnings it released. The ledger moved `payoutMinor` to payouts in transit; the
 * payout's own total must be that amount, or the close is refused (and its transaction undone).
 */
export function payoutsOfClose(
  payable: readonly PayableBalance[],
  close: { runId: string; batchNo: number; period: string; now: Date; newId: () => string },
): Payout[] {
  return payable.map((due) => {
    const lines: PayoutLine[] = [];
    if (due.currentMinor !== 0)
      lines.push({ accountId: due.accountId, source: 'current', releaseOn: null, amountMinor: due.currentMinor });
    if (due.releasedMinor !== 0)
      lines.push({
        accountId: due.accountId,
        source: 'released',
        releaseOn: due.releasedThrough,
        amountMinor: due.releasedMinor,
      });
    const payout = Payout.schedule({
      id: close.newId(),
      runId: close.runId,
      batchNo: close.batchNo,
      payeeId: due.payeeId,
      accountId: due.accountId,
      period: close.period,
      currency: due.currency,
      method: { kind: due.method, destination: due.destination },
      lines,
      createdAt: close.now,
    });
    if (payout.amountMinor !== due.payoutMinor) {
      throw new PayoutError(
        'payout_total_mismatch',
        `payout of ${due.payeeId} adds up to ${payout.amountMinor}, the ledger moved ${due.payoutMinor}`,
      );
    }
    return payout;
  });
}
