import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Ledger } from '../../ledger/ledger.js';
import { PayoutProvider, type PayoutInstruction } from '../../payout-provider/payout-provider.js';

interface PayoutRow {
  id: string;
  payee_id: string;
  amount_minor: string;
  currency: string;
  method: 'bank' | 'crypto';
  destination: string;
  period: string;
}

/**
 * Hands one closed batch's pending payouts to the payout provider and books the outcome: paid
 * moves the money from in-transit to settled; a failure returns it to the payee's current balance
 * (paid with the next run once the method is fixed). Rows are locked while submitting, so two
 * deliveries of the same job never submit a payout twice.
 */
@Injectable()
export class DispatchPayouts {
  private readonly logger = new Logger(DispatchPayouts.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(PayoutProvider) private readonly provider: PayoutProvider,
  ) {}

  async dispatch(runId: string, batchNo: number, now: Date): Promise<{ paid: number; failed: number }> {
    return this.orm.em.fork().transactional(async (em) => {
      const rows = await em.execute<PayoutRow[]>(
        `select id, payee_id, amount_minor, currency, method, destination, period from payouts
          where run_id = ? and batch_no = ? and status = 'pending' order by id for update skip locked`,
        [runId, batchNo],
      );
      const instructions: PayoutInstruction[] = rows.map((row) => ({ payoutId: row.id, payeeId: row.payee_id, amountMinor: Number(row.amount_minor), currency: row.currency, method: row.method, destination: row.destination }));
      const outcomes = await this.provider.submit(em, instructions, now);
      let paid = 0;
      let failed = 0;
      for (const outcome of outcomes) {
        const row = rows.find((candidate) => candidate.id === outcome.payoutId)!;
        const amount = Number(row.amount_minor);
        const transit = await this.ledger.platformAccount(em, 'payouts_in_transit', row.currency);
        if (outcome.status === 'paid') {
          const settled = await this.ledger.platformAccount(em, 'payouts_settled', row.currency);
          await this.ledger.post(
            em,
            { idempotencyKey: `payout-settled:${row.id}`, kind: 'payout_settled', payeeId: row.payee_id, currency: row.currency, description: `Payout ${row.period} sent to ${row.destination}`, occurredAt: now },
            [
              { accountId: transit, amountMinor: -amount },
              { accountId: settled, amountMinor: amount },
            ],
          );
          await em.execute(`update payouts set status = 'paid', provider_ref = ?, submitted_at = ?, paid_at = ? where id = ?`, [outcome.reference, now, now, row.id]);
          paid++;
        } else if (outcome.status === 'failed') {
          const payee = await this.ledger.payeeAccounts(em, row.payee_id, row.currency);
          await this.ledger.post(
            em,
            { idempotencyKey: `payout-returned:${row.id}`, kind: 'payout_returned', payeeId: row.payee_id, currency: row.currency, description: `Payout ${row.period} returned: ${outcome.reason}`, occurredAt: now },
            [
              { accountId: transit, amountMinor: -amount },
              { accountId: payee.current, amountMinor: amount },
            ],
          );
          await em.execute(`update payouts set status = 'failed', failure_reason = ?, submitted_at = ? where id = ?`, [outcome.reason, now, row.id]);
          failed++;
        } else {
          await em.execute(`update payouts set status = 'submitted', provider_ref = ?, submitted_at = ? where id = ?`, [outcome.reference, now, row.id]);
        }
      }
      if (rows.length > 0) this.logger.log(`payouts of run ${runId} batch ${batchNo}: ${paid} paid, ${failed} failed`);
      return { paid, failed };
    });
  }
}
