import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Tx } from '../repositories/tx.js';
import { PayoutProvider, type PayoutInstruction, type PayoutOutcome } from './payout-provider.js';
import { accountHoldersOf, recordSandboxPayouts } from './sandbox-payouts.repository.js';

/** Account holder names the sandbox refuses, so tests and demos can see a payout fail and return. */
export const SANDBOX_FAILING_HOLDER = 'Sandbox Rejected';

/**
 * A payout partner that settles at once and records what it was asked to pay (one row per payout
 * id: a second submission of the same payout is recognised, as a real provider's idempotency key
 * would be).
 */
@Injectable()
export class SandboxPayoutProvider extends PayoutProvider {
  async submit(tx: Tx, payouts: PayoutInstruction[], now: Date): Promise<PayoutOutcome[]> {
    if (payouts.length === 0) return [];
    const em = entityManagerOf(tx);
    const holders = await accountHoldersOf(
      em,
      payouts.map((payout) => payout.payeeId),
    );
    const rejected = new Set(
      holders.filter((row) => row.account_holder === SANDBOX_FAILING_HOLDER).map((row) => row.user_id),
    );
    const outcomes: PayoutOutcome[] = payouts.map((payout) =>
      rejected.has(payout.payeeId)
        ? { payoutId: payout.payoutId, status: 'failed', reason: 'The receiving bank rejected the transfer (sandbox)' }
        : { payoutId: payout.payoutId, status: 'paid', reference: `sbx_po_${payout.payoutId.slice(0, 8)}` },
    );
    const submitted = payouts.map((payout, index) => ({
      payout_id: payout.payoutId,
      destination: payout.destination,
      amount_minor: payout.amountMinor,
      currency: payout.currency,
      outcome: outcomes[index].status,
    }));
    await recordSandboxPayouts(em, submitted, now);
    return outcomes;
  }
}
