import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { PostReversalJob } from '#app/platform';
import { Ledger } from '../../ledger/ledger.repository.js';
import { bookedShares, releasedSince, type BookedRow } from '../../ledger/booked-sales.read-model.js';
import { recordIncident } from '../../repositories/payee-profile.repository.js';

const toDay = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/**
 * Books a refund or chargeback of a booked sale, in full. Each payee's share comes off pending
 * earnings while the sale is still pending, or off current earnings once a month-end run has
 * released it (so after a payout it reduces the next one, and a negative balance carries forward).
 * A sale is reversed at most once, whatever events the provider sends.
 */
@Injectable()
export class BookReversal {
  private readonly logger = new Logger(BookReversal.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Ledger) private readonly ledger: Ledger,
  ) {}

  async book(reversal: PostReversalJob): Promise<boolean> {
    return this.orm.em.fork().transactional((em) => this.bookIn(em, reversal));
  }

  async bookIn(em: EntityManager, reversal: PostReversalJob): Promise<boolean> {
    const booked = await bookedShares(em, reversal.saleId);
    const sale = booked.find((row) => row.kind === 'sale');
    // The sale's booking may still be in the queue behind this event: fail, and the retry finds it.
    if (!sale) throw new Error(`sale ${reversal.saleId} is not booked yet`);
    const at = new Date(reversal.occurredAt);
    const label = reversal.kind === 'refund' ? 'Refund' : 'Chargeback';
    const clearing = await this.ledger.platformAccount(em, 'provider_clearing', sale.currency);
    const revenue = await this.ledger.platformAccount(em, 'platform_revenue', sale.currency);

    let first = true;
    for (const row of booked) {
      const share = Number(row.share_minor);
      const { payeeEntry, releaseOn, holdReason } = await this.takeShare(em, row, share, label);
      const entries =
        row.kind === 'sale'
          ? [
              { accountId: clearing, amountMinor: Number(row.gross_minor) },
              { accountId: revenue, amountMinor: share - Number(row.gross_minor) },
              payeeEntry,
            ]
          : [{ accountId: revenue, amountMinor: share }, payeeEntry];
      const posted = await this.ledger.post(
        em,
        {
          idempotencyKey: `reversal:${row.kind}:${reversal.saleId}`,
          kind: reversal.kind,
          payeeId: row.payee_id,
          saleId: reversal.saleId,
          currency: row.currency,
          grossMinor: Number(row.gross_minor),
          releaseOn,
          holdReason,
          description: `${label} (${reversal.eventId}): ${row.description}`,
          occurredAt: at,
        },
        entries,
      );
      if (first && !posted) {
        this.logger.log(
          `sale ${reversal.saleId} was already reversed; ${reversal.kind} ${reversal.eventId} changes nothing`,
        );
        return false;
      }
      first = false;
    }
    if (reversal.kind === 'chargeback') {
      // A chargeback restarts the creator's clean history: new earnings are held again.
      await recordIncident(em, sale.payee_id, at);
    }
    return true;
  }

  /**
   * Where the share comes back from: pending earnings while held, current earnings once released, or
   * payee suspense when it was booked there (the payee's account had been deleted).
   */
  private async takeShare(em: EntityManager, row: BookedRow, share: number, label: string) {
    if (row.in_suspense) {
      const suspense = await this.ledger.platformAccount(em, 'payee_suspense', row.currency);
      return {
        payeeEntry: { accountId: suspense, amountMinor: -share },
        releaseOn: null,
        holdReason: `${label}: taken from payee suspense`,
      };
    }
    const payee = await this.ledger.payeeAccounts(em, row.payee_id, row.currency);
    const releaseOn = toDay(row.release_on);
    if (await releasedSince(em, payee.pending, releaseOn, row.id)) {
      const holdReason = `${label} after release: taken from the current balance (reduces the next payout)`;
      return { payeeEntry: { accountId: payee.current, amountMinor: -share }, releaseOn: null, holdReason };
    }
    return {
      payeeEntry: { accountId: payee.pending, amountMinor: -share, releaseOn },
      releaseOn,
      holdReason: `${label} before payout: taken from the pending balance`,
    };
  }
}
