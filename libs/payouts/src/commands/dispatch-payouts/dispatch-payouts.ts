import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Payout } from '../../domain/payout.js';
import { Ledger } from '../../ledger/ledger.repository.js';
import { PayoutProvider, type PayoutInstruction, type PayoutOutcome } from '../../payout-provider/payout-provider.js';
import { PayoutRepository } from '../../repositories/payout.repository.js';
import { Transactions, type Tx } from '../../repositories/tx.js';

/**
 * Hands one closed batch's pending payouts to the payout provider and books the outcome: paid
 * moves the money from in-transit to settled; a failure returns it to the payee's current balance
 * (paid with the next run once the method is fixed). The payouts are held while submitting, and
 * each save applies only while the payout is still pending, so two deliveries of the same job
 * never submit or book a payout twice.
 */
@Injectable()
export class DispatchPayouts {
  private readonly logger = new Logger(DispatchPayouts.name);

  constructor(
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(PayoutProvider) private readonly provider: PayoutProvider,
    @Inject(PayoutRepository) private readonly payouts: PayoutRepository,
  ) {}

  async dispatch(runId: string, batchNo: number, now: Date): Promise<{ paid: number; failed: number }> {
    return this.transactions.run(async (tx) => {
      const pending = await this.payouts.claimPending(tx, runId, batchNo);
      const outcomes = await this.provider.submit(tx, pending.map(instructionOf), now);
      let paid = 0;
      let failed = 0;
      for (const outcome of outcomes) {
        const payout = pending.find((candidate) => candidate.id === outcome.payoutId)!;
        payout.apply(outcome, now);
        if (!(await this.payouts.save(tx, payout)))
          throw new Error(`payout ${payout.id} changed while it was being dispatched`);
        await this.book(tx, payout, outcome, now);
        if (outcome.status === 'paid') paid++;
        if (outcome.status === 'failed') failed++;
      }
      if (pending.length > 0)
        this.logger.log(`payouts of run ${runId} batch ${batchNo}: ${paid} paid, ${failed} failed`);
      return { paid, failed };
    });
  }

  /** Paid: in transit to settled. Failed: back to the payee's current balance. Submitted: nothing moves yet. */
  private async book(tx: Tx, payout: Payout, outcome: PayoutOutcome, now: Date): Promise<void> {
    if (outcome.status === 'submitted') return;
    const p = payout.snapshot();
    const transit = await this.ledger.platformAccount(tx, 'payouts_in_transit', p.currency);
    const base = { payeeId: p.payeeId, currency: p.currency, occurredAt: now };
    if (outcome.status === 'paid') {
      const settled = await this.ledger.platformAccount(tx, 'payouts_settled', p.currency);
      const description = `Payout ${p.period} sent to ${p.destination}`;
      await this.ledger.post(
        tx,
        { ...base, idempotencyKey: `payout-settled:${p.id}`, kind: 'payout_settled', description },
        [
          { accountId: transit, amountMinor: -p.amountMinor },
          { accountId: settled, amountMinor: p.amountMinor },
        ],
      );
      return;
    }
    const payee = await this.ledger.payeeAccounts(tx, p.payeeId, p.currency);
    const description = `Payout ${p.period} returned: ${outcome.reason}`;
    await this.ledger.post(
      tx,
      { ...base, idempotencyKey: `payout-returned:${p.id}`, kind: 'payout_returned', description },
      [
        { accountId: transit, amountMinor: -p.amountMinor },
        { accountId: payee.current, amountMinor: p.amountMinor },
      ],
    );
  }
}

function instructionOf(payout: Payout): PayoutInstruction {
  const p = payout.snapshot();
  return {
    payoutId: p.id,
    payeeId: p.payeeId,
    amountMinor: p.amountMinor,
    currency: p.currency,
    method: p.method,
    destination: p.destination,
  };
}
