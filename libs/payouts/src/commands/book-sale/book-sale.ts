import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { PostSaleJob } from '#app/platform';
import { Ledger } from '../../ledger/ledger.repository.js';
import { lockPayee } from '../../queries/owed-earnings/owed-earnings.read-model.js';
import { splitSale } from '../../domain/split.js';
import { splitAt } from '../../ledger/revenue-splits.read-model.js';
import { PayeeShares, type ShareDestination } from './payee-shares.js';

/** A share's line: a share held in suspense says so first. */
const describeShare = (to: ShareDestination, description: string) =>
  to.inSuspense ? `Held in suspense, payee account deleted: ${description}` : description;

/**
 * Books a captured payment: the gross leaves the provider clearing account, the creator's share
 * goes to their pending earnings (released on the hold's day), the rest to platform revenue; a
 * referral then moves its commission from platform revenue to the referrer's pending earnings.
 * A payee whose account was deleted is paid nothing: their share goes to payee suspense (PayeeShares).
 */
@Injectable()
export class BookSale {
  private readonly logger = new Logger(BookSale.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(PayeeShares) private readonly shares: PayeeShares,
  ) {}

  async book(sale: PostSaleJob): Promise<boolean> {
    return this.orm.em.fork().transactional((em) => this.bookIn(em, sale));
  }

  async bookIn(em: EntityManager, sale: PostSaleJob): Promise<boolean> {
    const at = new Date(sale.occurredAt);
    const referrerId = sale.referrerId && sale.referrerId !== sale.creatorId ? sale.referrerId : null;
    // Against an account erasure deciding on the balance right now (one order: no deadlock).
    for (const payee of [sale.creatorId, referrerId].filter((id): id is string => id !== null).sort())
      await lockPayee(em, payee);
    const split = await splitAt(em, sale.rail, at);
    const shares = splitSale(sale.grossMinor, split, referrerId !== null);
    const creator = await this.shares.destination(em, sale.creatorId, sale.currency, at);
    const clearing = await this.ledger.platformAccount(em, 'provider_clearing', sale.currency);
    const revenue = await this.ledger.platformAccount(em, 'platform_revenue', sale.currency);
    const booked = await this.ledger.post(
      em,
      {
        idempotencyKey: `sale:${sale.saleId}`,
        kind: 'sale',
        payeeId: sale.creatorId,
        saleId: sale.saleId,
        currency: sale.currency,
        grossMinor: sale.grossMinor,
        splitId: split.id,
        releaseOn: creator.releaseOn,
        holdReason: creator.holdReason,
        description: describeShare(creator, sale.description),
        occurredAt: at,
      },
      [
        { accountId: clearing, amountMinor: -sale.grossMinor },
        { accountId: creator.accountId, amountMinor: shares.creator, releaseOn: creator.releaseOn },
        { accountId: revenue, amountMinor: shares.platform + shares.referral },
      ],
    );
    if (!booked) return false;
    if (referrerId && shares.referral > 0) {
      const referrer = await this.shares.destination(em, referrerId, sale.currency, at);
      await this.ledger.post(
        em,
        {
          idempotencyKey: `referral:${sale.saleId}`,
          kind: 'referral',
          payeeId: referrerId,
          saleId: sale.saleId,
          currency: sale.currency,
          grossMinor: sale.grossMinor,
          splitId: split.id,
          releaseOn: referrer.releaseOn,
          holdReason: referrer.holdReason,
          description: describeShare(referrer, `Referral commission: ${sale.description}`),
          occurredAt: at,
        },
        [
          { accountId: revenue, amountMinor: -shares.referral },
          { accountId: referrer.accountId, amountMinor: shares.referral, releaseOn: referrer.releaseOn },
        ],
      );
    }
    this.logger.debug(
      `sale ${sale.saleId} booked: ${shares.creator}/${shares.platform}/${shares.referral} ${sale.currency}`,
    );
    return true;
  }
}
