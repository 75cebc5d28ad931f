import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { PostDisputeWonJob } from '#app/platform';
import { Ledger } from '../../ledger/ledger.repository.js';
import { chargebacksOf } from '../../ledger/booked-sales.read-model.js';
import { lockPayee } from '../../queries/owed-earnings/owed-earnings.read-model.js';
import { PayeeShares } from '../book-sale/payee-shares.js';

/**
 * Restores a chargeback whose dispute the merchant won: new correcting entries, one per share the
 * chargeback took (the creator's and a referrer's), mirror its reversal. The gross leaves provider
 * clearing again and each share goes back to its payee's pending earnings under the payee's hold as
 * it stands today (the normal rules: the chargeback already restarted their clean history), or to
 * payee suspense if their account was deleted since. The line on the statement says why. Once per
 * sale, whatever events the provider sends.
 */
@Injectable()
export class RestoreWonDispute {
  private readonly logger = new Logger(RestoreWonDispute.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(PayeeShares) private readonly shares: PayeeShares,
  ) {}

  async restore(won: PostDisputeWonJob): Promise<boolean> {
    return this.orm.em.fork().transactional((em) => this.restoreIn(em, won));
  }

  async restoreIn(em: EntityManager, won: PostDisputeWonJob): Promise<boolean> {
    const chargebacks = await chargebacksOf(em, won.saleId);
    // The chargeback's booking may still be in the queue behind this event: fail, and the retry finds it.
    if (!chargebacks.some((row) => row.share === 'sale'))
      throw new Error(`sale ${won.saleId} has no booked chargeback yet`);
    const at = new Date(won.occurredAt);
    for (const payee of [...new Set(chargebacks.map((row) => row.payee_id))].sort()) await lockPayee(em, payee);
    const clearing = await this.ledger.platformAccount(em, 'provider_clearing', chargebacks[0].currency);
    const revenue = await this.ledger.platformAccount(em, 'platform_revenue', chargebacks[0].currency);

    let first = true;
    for (const row of chargebacks) {
      const share = -Number(row.payee_minor);
      const gross = Number(row.gross_minor);
      const to = await this.shares.destination(em, row.payee_id, row.currency, at);
      const payeeEntry = { accountId: to.accountId, amountMinor: share, releaseOn: to.releaseOn };
      const entries =
        row.share === 'sale'
          ? [
              { accountId: clearing, amountMinor: -gross },
              { accountId: revenue, amountMinor: gross - share },
              payeeEntry,
            ]
          : [{ accountId: revenue, amountMinor: -share }, payeeEntry];
      const posted = await this.ledger.post(
        em,
        {
          idempotencyKey: `dispute-won:${row.share}:${won.saleId}`,
          kind: 'correction',
          payeeId: row.payee_id,
          saleId: won.saleId,
          currency: row.currency,
          grossMinor: gross,
          releaseOn: to.releaseOn,
          holdReason: to.holdReason,
          description: `Dispute won, ${row.share === 'sale' ? 'your share' : 'your commission'} restored (${won.eventId}): ${row.sale_description ?? 'sale'}`,
          occurredAt: at,
        },
        entries,
      );
      if (first && !posted) {
        this.logger.log(`sale ${won.saleId}: its won dispute was already restored`);
        return false;
      }
      first = false;
    }
    return true;
  }
}
