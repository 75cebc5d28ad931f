import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Clock, PreparedStatements } from '#app/platform';
import { checkCard } from '../../domain/card.js';
import { CommerceErrors, PurchaseErrors } from '../../commerce.errors.js';
import { PAYMENT_PROVIDER, withPaymentRows, type PaymentProvider } from '../../payments/payment-provider.js';
import { purchaseSelect, toPurchaseView, type PurchaseRow, type PurchaseView } from '../../queries/purchases/purchase-view.js';
import { PurchaseCommand, type PurchaseRequest } from './purchase.command.js';
import { priceStoreSale } from './sale-plan.js';
import { requestFingerprint } from './request-fingerprint.js';
import { liveSubscriptionSql, mayOpenBoughtItems } from '../../queries/purchased-content/entitlements.js';
import type { StoreVisibility } from '../../domain/store-settings.js';
import { SELLABLE_ITEM_SQL, SellableItems } from '../../queries/sellable-items/sellable-items.js';

/**
 * What is being sold. A store sale (subscription, tip) is priced here from the store's settings;
 * an item is priced by the purchase statement itself, which reads it (one round trip fewer on the
 * hot path) unless the price had to be known first (crypto instructions quote a token amount).
 */
type Sale =
  | { kind: 'store'; storeId: string; amountMinor: number; currency: string }
  | { kind: 'content'; contentId: string; known: { amountMinor: number; currency: string } | null };

interface StoreRow {
  id: string;
  owner_id: string;
  currency: string;
  tips_enabled: boolean;
  minimum_tip_minor: string;
  subscription_enabled: boolean;
  subscription_price_minor: string;
  existing_id: string | null;
  subscribed: boolean;
}

interface InsertedRow {
  slug: string;
  display_name: string;
  amount_minor: string;
  currency: string;
  content_id: string | null;
  content_title: string | null;
  content_kind: 'video' | 'album' | null;
}

/** An Idempotency-Key and the fingerprint of the request that came with it. */
interface ReplayOf {
  key: string;
  fingerprint: string;
}

/** The insert found nothing to do: the key was used before, or the item or store is not for sale (any more). */
class NothingInserted extends Error {}

/**
 * The purchase hot path: one statement reads the item (sellable in commerce's own sellable_items,
 * priced, not the buyer's own),
 * checks the store and the referral link, writes the purchase and the provider's payment together,
 * and answers nothing for a replayed Idempotency-Key; it is prepared once per connection.
 * Confirmation comes later, by webhook. Only a purchase that wrote nothing reads more, to say why.
 */
@CommandHandler(PurchaseCommand)
export class PurchaseHandler implements ICommandHandler<PurchaseCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(SellableItems) private readonly items: SellableItems,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PreparedStatements) private readonly statements: PreparedStatements,
  ) {}

  async execute({ buyerId, idempotencyKey, request }: PurchaseCommand): Promise<{ purchase: PurchaseView; created: boolean }> {
    const now = this.clock.now();
    this.checkRequest(request, now);
    const replayOf = { key: idempotencyKey, fingerprint: requestFingerprint(request) };
    const sale = request.kind === 'content' ? await this.contentSale(request, buyerId, replayOf) : await this.storeSale(request, buyerId, replayOf);
    if ('replay' in sale) return { purchase: sale.replay, created: false };

    const id = randomUUID();
    const quoted = sale.kind === 'store' ? sale : sale.known;
    const payment = this.provider.preparePayment({ reference: id, amountMinor: quoted?.amountMinor ?? null, currency: quoted?.currency ?? null, method: request.method, card: request.card }, 'ins');
    const what =
      sale.kind === 'content'
        ? {
            // The item as commerce's read model has it (sellable), in its creator's store, priced as quoted (if quoted).
            ctes: `c as (${SELLABLE_ITEM_SQL}),
             s as (select st.id, st.owner_id, st.slug, st.display_name, st.referrals_enabled, c.id as content_id, c.title as content_title, c.kind as content_kind,
                          c.price_minor as amount_minor, c.currency
                     from c join stores st on st.owner_id = c.creator_id and st.status = 'active'
                    where c.creator_id <> ?::uuid and c.price_minor > 0 and (?::bigint is null or (c.price_minor = ?::bigint and c.currency = ?::text))
                      and (st.visibility = 'public' or ${liveSubscriptionSql('?::uuid', 'st.id')}))`,
            params: [sale.contentId, buyerId, quoted?.amountMinor ?? null, quoted?.amountMinor ?? null, quoted?.currency ?? null, buyerId, now],
          }
        : {
            ctes: `s as (select id, owner_id, slug, display_name, referrals_enabled, null::uuid as content_id, null::text as content_title, null::text as content_kind,
                                ?::bigint as amount_minor, ?::text as currency
                           from stores where id = ?::uuid and status = 'active')`,
            params: [sale.amountMinor, sale.currency, sale.storeId],
          };
    const [sql, params] = withPaymentRows(
      {
        ctes: `${what.ctes},
           ins as (
             insert into purchases (id, buyer_id, store_id, creator_id, kind, content_id, content_title, content_kind, amount_minor, currency, method, status, message,
                                    referral_link_id, referrer_id, idempotency_key, request_hash, provider, provider_payment_id, payment_method_ref, crypto, created_at)
             select ?::uuid, ?::uuid, s.id, s.owner_id, ?, s.content_id, s.content_title, s.content_kind, s.amount_minor, s.currency, ?, 'pending', ?, r.id, r.owner_id, ?, ?, ?, ?, ?, ?::jsonb, ?::timestamptz
               from s left join referral_links r
                 on r.code = ?::text and r.content_id = s.content_id and s.referrals_enabled and s.content_kind = 'album' and r.owner_id <> ?::uuid and r.owner_id <> s.owner_id
             on conflict (buyer_id, idempotency_key) do nothing
             returning id, amount_minor, currency
           )`,
        params: [
          ...what.params,
          id,
          buyerId,
          request.kind,
          request.method,
          request.kind === 'tip' ? (request.message ?? null) : null,
          idempotencyKey,
          replayOf.fingerprint,
          this.provider.name,
          payment.providerPaymentId,
          request.kind === 'subscription' ? payment.savedMethodRef : null,
          payment.crypto ? JSON.stringify(payment.crypto) : null,
          now,
          request.referralCode ?? null,
          buyerId,
        ],
      },
      payment,
      'select s.slug, s.display_name, ins.amount_minor, ins.currency, s.content_id, s.content_title, s.content_kind from ins, s',
    );
    try {
      const [row] = await this.statements.query<InsertedRow>(sql, params);
      if (!row) throw new NothingInserted();
      const purchase = toPurchaseView({
        id,
        buyer_id: buyerId,
        kind: request.kind,
        status: 'pending',
        amount_minor: Number(row.amount_minor),
        currency: row.currency,
        method: request.method,
        store_slug: row.slug,
        store_name: row.display_name,
        content_id: row.content_id,
        content_title: row.content_title,
        content_kind: row.content_kind,
        subscription_id: null,
        failure_reason: null,
        crypto: payment.crypto,
        created_at: now,
        paid_at: null,
      });
      return { purchase, created: true };
    } catch (error) {
      if (/purchases_owned_content/.test(String(error))) throw PurchaseErrors.alreadyOwned();
      if (/purchases_pending_subscription/.test(String(error))) throw PurchaseErrors.alreadySubscribed();
      if (!(error instanceof NothingInserted)) throw error;
      const replay = await this.replay(buyerId, replayOf);
      if (replay) return { purchase: replay, created: false };
      if (sale.kind === 'store') throw CommerceErrors.storeNotFound();
      throw await this.whyNotForSale(sale.contentId, buyerId);
    }
  }

  private checkRequest(request: PurchaseRequest, now: Date): void {
    const missing = (field: string, message: string) => PurchaseErrors.invalid([{ field, message }]);
    if (request.kind === 'content' && !request.contentId) throw missing('contentId', 'contentId is required to buy an item');
    if (request.kind !== 'content' && !request.storeSlug) throw missing('storeSlug', `storeSlug is required for a ${request.kind}`);
    if (request.kind === 'tip' && request.amountMinor === undefined) throw missing('amountMinor', 'amountMinor is required for a tip');
    if (request.method === 'card') {
      if (!request.card) throw missing('card', 'Enter your card details');
      const problems = checkCard(request.card, now);
      if (problems.length > 0) throw PurchaseErrors.invalid(problems);
    }
  }

  /** An item: priced by the purchase statement, unless crypto instructions need the price first. */
  private async contentSale(request: PurchaseRequest, buyerId: string, key: ReplayOf): Promise<Sale | { replay: PurchaseView }> {
    if (request.method !== 'crypto') return { kind: 'content', contentId: request.contentId!, known: null };
    const content = await this.items.find(request.contentId!);
    if (!content || content.creatorId === buyerId || content.priceMinor <= 0) {
      const replay = await this.replay(buyerId, key);
      if (replay) return { replay };
      throw await this.whyNotForSale(request.contentId!, buyerId);
    }
    return { kind: 'content', contentId: content.id, known: { amountMinor: content.priceMinor, currency: content.currency } };
  }

  /** Why an item could not be bought (the statement wrote nothing and it was no replay). */
  private async whyNotForSale(contentId: string, buyerId: string): Promise<Error> {
    const content = await this.items.find(contentId);
    if (!content) return PurchaseErrors.contentNotFound();
    if (content.creatorId === buyerId) return PurchaseErrors.ownStore();
    if (content.priceMinor <= 0) return PurchaseErrors.notForSale();
    const [store] = await this.orm.em
      .fork()
      .execute<{ visibility: StoreVisibility; subscribed: boolean }[]>(`select s.visibility, ${liveSubscriptionSql('?::uuid', 's.id')} as subscribed from stores s where s.owner_id = ? and s.status = 'active'`, [
        buyerId,
        this.clock.now(),
        content.creatorId,
      ]);
    if (store && !mayOpenBoughtItems(store.visibility, store.subscribed)) return PurchaseErrors.subscribersOnly();
    // Its store is closed, or its price changed between the quote and the purchase.
    return PurchaseErrors.contentNotFound();
  }

  private async storeSale(request: PurchaseRequest, buyerId: string, key: ReplayOf): Promise<Sale | { replay: PurchaseView }> {
    const [store] = await this.orm.em.fork().execute<StoreRow[]>(
      `select s.id, s.owner_id, s.currency, s.tips_enabled, s.minimum_tip_minor, s.subscription_enabled, s.subscription_price_minor,
              (select id from purchases where buyer_id = ? and idempotency_key = ?) as existing_id,
              exists (select 1 from subscriptions where subscriber_id = ? and store_id = s.id
                        and status in ('active', 'cancelled', 'past_due') and current_period_end > ?) as subscribed
         from stores s where s.slug = ? and s.status = 'active'`,
      [buyerId, key.key, buyerId, this.clock.now(), request.storeSlug!.toLowerCase()],
    );
    if (!store || store.existing_id) {
      const replay = await this.replay(buyerId, key);
      if (replay) return { replay };
      throw CommerceErrors.storeNotFound();
    }
    const price = priceStoreSale(
      {
        ownerId: store.owner_id,
        currency: store.currency,
        tipsEnabled: store.tips_enabled,
        minimumTipMinor: Number(store.minimum_tip_minor),
        subscriptionEnabled: store.subscription_enabled,
        subscriptionPriceMinor: Number(store.subscription_price_minor),
        subscribed: store.subscribed,
      },
      request,
      buyerId,
    );
    return { kind: 'store', storeId: store.id, ...price };
  }

  /** The purchase made with this key before, if the request is the same; the key reused for another request is refused. */
  private async replay(buyerId: string, { key, fingerprint }: ReplayOf): Promise<PurchaseView | null> {
    const [row] = await this.orm.em
      .fork()
      .execute<(PurchaseRow & { request_hash: string | null })[]>(`${purchaseSelect('p.request_hash, ')} where p.buyer_id = ? and p.idempotency_key = ?`, [buyerId, key]);
    if (!row) return null;
    // Purchases from before fingerprints (null) replay as they always did.
    if (row.request_hash !== null && row.request_hash !== fingerprint) throw PurchaseErrors.idempotencyKeyReused();
    return toPurchaseView(row);
  }
}
