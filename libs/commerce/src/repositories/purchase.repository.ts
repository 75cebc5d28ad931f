import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PreparedStatements } from '#app/platform';
import type { CryptoInstructions, DisputeStage, PaymentMethod } from '../payments/payment-provider.js';
import type { PurchasePayment, PurchaseStatus } from '../domain/purchase.js';
import type { PurchaseKind } from '../queries/purchases/purchase-view.js';
import { preparedPurchaseIdIs, purchaseIdIs, purchaseIdParams } from './purchase-id.js';

/** A purchase as its handlers change it: its payment (the aggregate's part) and what it was for. */
export interface PurchaseRecord extends PurchasePayment {
  buyerId: string;
  storeId: string;
  creatorId: string;
  kind: PurchaseKind;
  contentTitle: string | null;
  storeName: string;
  subscriptionId: string | null;
  periodStart: Date | null;
  referrerId: string | null;
  /** A message purchase's message, or a tip's conversation (paid messages). */
  messageId: string | null;
  conversationId: string | null;
  createdAt: Date;
  /** Raised by every save; a save that names the version it decided on finds out whether it still stands. */
  version: number;
}

interface Row {
  id: string;
  buyer_id: string;
  store_id: string;
  creator_id: string;
  kind: PurchaseKind;
  status: PurchaseStatus;
  amount_minor: string;
  currency: string;
  method: PaymentMethod;
  content_title: string | null;
  store_name: string;
  subscription_id: string | null;
  period_start: Date | null;
  referrer_id: string | null;
  message_id: string | null;
  conversation_id: string | null;
  checkout_id: string | null;
  checkout_url: string | null;
  checkout_expires_at: Date | null;
  crypto: CryptoInstructions | null;
  provider_payment_id: string | null;
  payment_method_ref: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  failure_reason: string | null;
  dispute_stage: DisputeStage | null;
  paid_at: Date | null;
  reversed_at: Date | null;
  created_at: Date;
  version: number;
}

const toRecord = (row: Row): PurchaseRecord => ({
  id: row.id,
  buyerId: row.buyer_id,
  storeId: row.store_id,
  creatorId: row.creator_id,
  kind: row.kind,
  status: row.status,
  amountMinor: Number(row.amount_minor),
  currency: row.currency,
  method: row.method,
  contentTitle: row.content_title,
  storeName: row.store_name,
  subscriptionId: row.subscription_id,
  periodStart: row.period_start && new Date(row.period_start),
  referrerId: row.referrer_id,
  messageId: row.message_id ?? null,
  conversationId: row.conversation_id ?? null,
  checkoutId: row.checkout_id,
  checkoutUrl: row.checkout_url,
  checkoutExpiresAt: row.checkout_expires_at && new Date(row.checkout_expires_at),
  crypto: row.crypto,
  providerPaymentId: row.provider_payment_id,
  savedMethodRef: row.payment_method_ref,
  card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4, expMonth: row.card_exp_month ?? 0, expYear: row.card_exp_year ?? 0 } : null,
  failureReason: row.failure_reason,
  disputeStage: row.dispute_stage,
  paidAt: row.paid_at && new Date(row.paid_at),
  reversedAt: row.reversed_at && new Date(row.reversed_at),
  createdAt: new Date(row.created_at),
  version: Number(row.version),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A provider's event about a purchase, as it is claimed. */
export interface PaymentEventClaim {
  provider: string;
  eventId: string;
  type: string;
  reference: string;
  receivedAt: Date;
}

/** Only the buyer's purchase, or only one paid through this provider. */
export interface PurchaseScope {
  buyerId?: string;
  provider?: string;
}

/** A new purchase of an item, a subscription or a tip: the caller's CTEs name what is sold as `s`. */
export interface NewSale {
  /**
   * CTEs ending in `s` (id, owner_id, slug, display_name, referrals_enabled, content_id, content_title, content_kind, amount_minor, currency,
   * message_id, message_created_at, conversation_id).
   */
  what: { ctes: string; params: unknown[] };
  id: string;
  buyerId: string;
  kind: PurchaseKind;
  method: PaymentMethod;
  message: string | null;
  idempotencyKey: string;
  requestHash: string;
  provider: string;
  returnTo: string | null;
  referralCode: string | null;
  createdAt: Date;
}

export interface InsertedSale {
  slug: string;
  display_name: string;
  amount_minor: string;
  currency: string;
  content_id: string | null;
  content_title: string | null;
  content_kind: 'video' | 'album' | null;
  /** The purchase as written (pending, version 1): the checkout decides on it without reading it again. */
  purchase: PurchaseRecord;
}

export interface NewRenewal {
  id: string;
  subscriberId: string;
  storeId: string;
  creatorId: string;
  subscriptionId: string;
  periodStart: Date;
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  savedMethodRef: string;
  provider: string;
  createdAt: Date;
}

/**
 * The one writer of purchases. New ones are written pending (their checkout comes after, over the
 * network); every later change loads the purchase FOR UPDATE in the caller's transaction, decides
 * it in the aggregate (domain/purchase.ts) and saves it here.
 */
@Injectable()
export class PurchaseRepository {
  constructor(@Inject(PreparedStatements) private readonly statements: PreparedStatements) {}

  /**
   * The checkout's hot path in one statement (prepared once per connection): what is sold, the
   * referral link, and the pending purchase; nothing for a replayed Idempotency-Key (null: the
   * purchases_claim trigger skips the row).
   */
  async insertSale(sale: NewSale): Promise<InsertedSale | null> {
    const [row] = await this.statements.query<Omit<InsertedSale, 'purchase'> & Row>(
      `with ${sale.what.ctes},
         ins as (
           insert into purchases (id, buyer_id, store_id, creator_id, kind, content_id, content_title, content_kind, amount_minor, currency, method, status, message,
                                  referral_link_id, referrer_id, idempotency_key, request_hash, provider, return_to, created_at, message_id, message_created_at, conversation_id)
           select ?::uuid, ?::uuid, s.id, s.owner_id, ?, s.content_id, s.content_title, s.content_kind, s.amount_minor, s.currency, ?, 'pending', ?, r.id, r.owner_id, ?, ?, ?, ?, ?::timestamptz,
                  s.message_id, s.message_created_at, s.conversation_id
             from s left join referral_links r
               on r.code = ?::text and r.content_id = s.content_id and s.referrals_enabled and s.content_kind = 'album' and r.owner_id <> ?::uuid and r.owner_id <> s.owner_id
           returning *
         )
       select s.slug, s.display_name as store_name, s.display_name, ins.* from ins, s`,
      [
        ...sale.what.params,
        sale.id,
        sale.buyerId,
        sale.kind,
        sale.method,
        sale.message,
        sale.idempotencyKey,
        sale.requestHash,
        sale.provider,
        sale.returnTo,
        sale.createdAt,
        sale.referralCode,
        sale.buyerId,
      ],
    );
    if (!row) return null;
    return { slug: row.slug, display_name: row.display_name, amount_minor: row.amount_minor, currency: row.currency, content_id: row.content_id, content_title: row.content_title, content_kind: row.content_kind, purchase: toRecord(row) };
  }

  /**
   * A renewal's purchase, once per subscription and period: its id while it is still pending (new,
   * or left pending when the provider could not be reached), null when another run settled it.
   */
  async placeRenewal(em: EntityManager, renewal: NewRenewal): Promise<string | null> {
    const key = `renewal:${renewal.subscriptionId}:${renewal.periodStart.toISOString()}`;
    // A period's second run writes nothing (the claim trigger skips a known key) and finds the first's.
    const [row] = await em.execute<{ id: string }[]>(
      `with ins as (
         insert into purchases (id, buyer_id, store_id, creator_id, kind, subscription_id, period_start, amount_minor, currency, method, status,
                                idempotency_key, provider, payment_method_ref, created_at)
         values (?, ?, ?, ?, 'subscription', ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)
         returning id
       )
       select id from ins
       union all
       select p.id from purchase_idempotency k join purchases p on p.id = k.purchase_id and p.created_at = k.purchase_created_at
        where k.buyer_id = ? and k.idempotency_key = ? and p.status = 'pending' and p.provider_payment_id is null`,
      [
        renewal.id,
        renewal.subscriberId,
        renewal.storeId,
        renewal.creatorId,
        renewal.subscriptionId,
        renewal.periodStart,
        renewal.amountMinor,
        renewal.currency,
        renewal.method,
        key,
        renewal.provider,
        renewal.savedMethodRef,
        renewal.createdAt,
        renewal.subscriberId,
        key,
      ],
    );
    return row?.id ?? null;
  }

  /** The purchase, locked for the rest of the caller's transaction; `buyerId` scopes it to its buyer. */
  lock(em: EntityManager, id: string, scope: PurchaseScope = {}): Promise<PurchaseRecord | null> {
    return this.select(em, id, scope, 'for update of p');
  }

  /** The purchase as it is now, unlocked (before a call to the provider, which must not hold a lock). */
  find(em: EntityManager, id: string, scope: PurchaseScope = {}): Promise<PurchaseRecord | null> {
    return this.select(em, id, scope, '');
  }

  /**
   * A provider's event claimed (its id is recorded once, ever) and the purchase it names locked for
   * the rest of the caller's transaction, in one statement: `claimed` false for an event seen before,
   * `purchase` null when the reference names none of this provider's purchases.
   */
  async claimEventAndLock(em: EntityManager, event: PaymentEventClaim): Promise<{ claimed: boolean; purchase: PurchaseRecord | null }> {
    const [row] = await em.execute<(Partial<Row> & { claimed: number })[]>(
      `with claimed as (
         insert into payment_events (provider, event_id, type, reference, received_at) values (?, ?, ?, ?, ?) on conflict do nothing returning event_id
       ),
       locked as (
         select p.*, s.display_name as store_name from purchases p join stores s on s.id = p.store_id where ${purchaseIdIs('p')} and p.provider = ? for update of p
       )
       select (select count(*) from claimed)::int as claimed, locked.* from (select 1) as one left join locked on true`,
      [event.provider, event.eventId, event.type, event.reference, event.receivedAt, ...purchaseIdParams(UUID.test(event.reference) ? event.reference : null), event.provider],
    );
    return { claimed: row.claimed === 1, purchase: row.id ? toRecord(row as Row) : null };
  }

  private async select(em: EntityManager, id: string, scope: PurchaseScope, lock: string): Promise<PurchaseRecord | null> {
    if (!UUID.test(id)) return null;
    const [row] = await em.execute<Row[]>(
      `select p.*, s.display_name as store_name from purchases p join stores s on s.id = p.store_id
        where ${purchaseIdIs('p')} and (?::uuid is null or p.buyer_id = ?::uuid) and (?::text is null or p.provider = ?::text) ${lock}`,
      [...purchaseIdParams(id), scope.buyerId ?? null, scope.buyerId ?? null, scope.provider ?? null, scope.provider ?? null],
    );
    return row ? toRecord(row) : null;
  }

  /** Saves a purchase the caller locked in `em`'s transaction. */
  async save(em: EntityManager, purchase: PurchaseRecord): Promise<void> {
    await em.execute(`${UPDATE_PURCHASE} where ${purchaseIdIs('purchases')}`, [...updateValues(purchase), ...purchaseIdParams(purchase.id)]);
  }

  /**
   * Saves a purchase decided on without a lock, in one statement of its own, if it is still at the
   * version the decision was made on; false (nothing written) when another writer saved it since.
   */
  async saveIfUnchanged(purchase: PurchaseRecord): Promise<boolean> {
    const rows = await this.statements.query<{ id: string }>(`${UPDATE_PURCHASE} where ${preparedPurchaseIdIs('purchases')} and version = ?::int returning id`, [
      ...updateValues(purchase),
      ...purchaseIdParams(purchase.id),
      purchase.version,
    ]);
    return rows.length === 1;
  }

  /** Checkouts still open that were created before `before`, oldest first (the expiry sweep; renewals retry on their own). */
  async openBefore(em: EntityManager, before: Date, limit: number): Promise<string[]> {
    const rows = await em.execute<{ id: string }[]>(
      `select id from purchases where status in ('pending', 'requires_action') and created_at < ? and period_start is null order by created_at limit ?`,
      [before, limit],
    );
    return rows.map((row) => row.id);
  }
}

/** Every field a decision may change, and the version raised; the caller appends its WHERE. */
const UPDATE_PURCHASE = `update purchases set status = ?, checkout_id = ?, checkout_url = ?, checkout_expires_at = ?::timestamptz, crypto = ?::jsonb, provider_payment_id = ?,
        payment_method_ref = ?, card_brand = ?, card_last4 = ?, card_exp_month = ?::int, card_exp_year = ?::int, failure_reason = ?, dispute_stage = ?, paid_at = ?::timestamptz,
        reversed_at = ?::timestamptz, subscription_id = ?::uuid, version = version + 1`;

function updateValues(purchase: PurchaseRecord): unknown[] {
  return [
    purchase.status,
    purchase.checkoutId,
    purchase.checkoutUrl,
    purchase.checkoutExpiresAt,
    purchase.crypto ? JSON.stringify(purchase.crypto) : null,
    purchase.providerPaymentId,
    purchase.savedMethodRef,
    purchase.card?.brand ?? null,
    purchase.card?.last4 ?? null,
    purchase.card?.expMonth ?? null,
    purchase.card?.expYear ?? null,
    purchase.failureReason,
    purchase.disputeStage,
    purchase.paidAt,
    purchase.reversedAt,
    purchase.subscriptionId,
  ];
}
