import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { PreparedStatements } from '#app/platform';
import { changedValues, toPurchaseRecord, type PurchaseRow } from './purchase-row.js';
import { saleSource } from './sale-source.js';
import {
  PurchaseHeld,
  PurchaseRepository,
  type Held,
  type NewRenewal,
  type NewSale,
  type PaymentEventClaim,
  type PurchaseRecord,
  type PurchaseScope,
} from './purchase.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `<alias>.id` is the purchase, its created_at bounded to the month the UUIDv7 names, so PostgreSQL reads
 * one partition (ids from before UUIDv7 name no month: every partition is read). Three parameters: the id, thrice.
 * `prepared`: the bounds as subqueries, for a statement prepared once per connection (PreparedStatements), so
 * PostgreSQL settles on one generic plan that prunes as it runs instead of planning every execution anew.
 */
const idMatches = (alias: string, prepared = false) =>
  prepared
    ? `(${alias}.id = ?::uuid and ${alias}.created_at >= (select uuid_v7_month_start(?::uuid))
                             and ${alias}.created_at < (select uuid_v7_month_end(?::uuid)))`
    : `(${alias}.id = ?::uuid and ${alias}.created_at >= uuid_v7_month_start(?::uuid) and ${alias}.created_at < uuid_v7_month_end(?::uuid))`;
const thrice = (id: string | null) => [id, id, id];

const WITH_STORE = `select p.*, s.slug as store_slug, s.display_name as store_name from purchases p join stores s on s.id = p.store_id`;

/** Every field a decision may change (purchase-row.ts changedValues), and the version raised; the caller appends its WHERE. */
const UPDATE_PURCHASE = `update purchases set status = ?, checkout_id = ?, checkout_url = ?, checkout_expires_at = ?::timestamptz, crypto = ?::jsonb,
        provider_payment_id = ?, payment_method_ref = ?, card_brand = ?, card_last4 = ?, card_exp_month = ?::int, card_exp_year = ?::int,
        failure_reason = ?, dispute_stage = ?, paid_at = ?::timestamptz, reversed_at = ?::timestamptz, subscription_id = ?::uuid, version = version + 1`;

/** The unique key a failed insert ran into, if it is one that holds an item, a message, a post or a subscription. */
function heldBy(error: unknown): Held | null {
  if (/purchases_owned_content/.test(String(error))) return 'content';
  if (/purchases_owned_message/.test(String(error))) return 'message';
  if (/purchases_owned_post/.test(String(error))) return 'post';
  if (/purchases_pending_subscription/.test(String(error))) return 'subscription';
  return null;
}

/** What a purchase of this kind holds (heldElsewhere is asked of the holding kinds and subscriptions only). */
const heldKind = (kind: PurchaseRecord['kind']): Held =>
  kind === 'content' || kind === 'subscription' || kind === 'post' ? kind : 'message';

/** The same thing as a held purchase: `p` and its store `s`, one parameter. */
const SAME_THING: Record<Held, string> = {
  content: `p.kind = 'content' and p.content_id = ?::uuid`,
  message: `p.kind in ('message', 'message_fee') and p.message_id = ?::uuid`,
  post: `p.kind = 'post' and p.post_id = ?::uuid`,
  subscription: `p.kind = 'subscription' and s.slug = lower(?) and p.period_start is null`,
};

/**
 * Whether another purchase of the buyer holds what this one bought: the item, message or post (their ownership
 * tables), or the store's subscription (another payment of it in flight, or a subscription already active).
 */
const HELD_ELSEWHERE: Record<Held, string> = {
  content: `select exists (select 1 from content_ownership o join purchases p on p.buyer_id = o.buyer_id and p.content_id = o.content_id
                            where ${idMatches('p')} and o.purchase_id <> p.id) as held`,
  message: `select exists (select 1 from message_ownership o join purchases p on p.buyer_id = o.buyer_id and p.message_id = o.message_id
                            where ${idMatches('p')} and o.purchase_id <> p.id) as held`,
  post: `select exists (select 1 from post_ownership o join purchases p on p.buyer_id = o.buyer_id and p.post_id = o.post_id
                            where ${idMatches('p')} and o.purchase_id <> p.id) as held`,
  subscription: `select exists (select 1 from purchases p
                            where ${idMatches('p')}
                              and (exists (select 1 from open_subscription_payments o
                                            where o.buyer_id = p.buyer_id and o.store_id = p.store_id and o.purchase_id <> p.id)
                                   or exists (select 1 from subscriptions s
                                               where s.subscriber_id = p.buyer_id and s.store_id = p.store_id and s.status = 'active'))) as held`,
};

/** The purchase repository on PostgreSQL: purchases are partitioned by month, and their claim triggers keep the holds. */
@Injectable()
export class PostgresPurchaseRepository extends PurchaseRepository {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(PreparedStatements) private readonly statements: PreparedStatements,
  ) {
    super();
  }

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(work);
  }

  /**
   * The checkout's hot path in one statement (prepared once per connection): what is sold, the referral
   * link, and the pending purchase; nothing for a replayed Idempotency-Key (the purchases_claim trigger skips the row).
   */
  async insertSale(sale: NewSale): Promise<PurchaseRecord | null> {
    const what = saleSource(sale.item, sale.buyerId, sale.kind);
    try {
      const [row] = await this.statements.query<PurchaseRow>(
        `with ${what.ctes},
           ins as (
             insert into purchases (id, buyer_id, store_id, creator_id, kind, content_id, content_title, content_kind, amount_minor, currency, method,
                                    status, message, referral_link_id, referrer_id, idempotency_key, request_hash, provider, return_to, created_at,
                                    message_id, message_created_at, conversation_id, post_id)
             select ?::uuid, ?::uuid, s.id, s.owner_id, ?, s.content_id, s.content_title, s.content_kind, s.amount_minor, s.currency, ?,
                    'pending', ?, r.id, r.owner_id, ?, ?, ?, ?, ?::timestamptz,
                    s.message_id, s.message_created_at, s.conversation_id, s.post_id
               from s left join referral_links r
                 on r.code = ?::text and r.content_id = s.content_id and s.referrals_enabled and s.content_kind = 'album'
                and r.owner_id <> ?::uuid and r.owner_id <> s.owner_id
             returning *
           )
         select s.slug as store_slug, s.display_name as store_name, ins.* from ins, s`,
        [
          ...what.params,
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
      return row ? toPurchaseRecord(row) : null;
    } catch (error) {
      const held = heldBy(error);
      throw held ? new PurchaseHeld(held) : error;
    }
  }

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
        ...[
          renewal.id,
          renewal.subscriberId,
          renewal.storeId,
          renewal.creatorId,
          renewal.subscriptionId,
          renewal.periodStart,
        ],
        ...[
          renewal.amountMinor,
          renewal.currency,
          renewal.method,
          key,
          renewal.provider,
          renewal.savedMethodRef,
          renewal.createdAt,
        ],
        ...[renewal.subscriberId, key],
      ],
    );
    return row?.id ?? null;
  }

  lock(em: EntityManager, id: string, scope: PurchaseScope = {}): Promise<PurchaseRecord | null> {
    return this.select(em, id, scope, 'for update of p');
  }

  find(id: string, scope: PurchaseScope = {}): Promise<PurchaseRecord | null> {
    return this.select(this.orm.em.fork(), id, scope, '');
  }

  async findByIdempotencyKey(buyerId: string, key: string): Promise<PurchaseRecord | null> {
    const [row] = await this.orm.em.fork().execute<PurchaseRow[]>(
      `${WITH_STORE} join purchase_idempotency k on k.purchase_id = p.id and k.purchase_created_at = p.created_at
          where k.buyer_id = ? and k.idempotency_key = ?`,
      [buyerId, key],
    );
    return row ? toPurchaseRecord(row) : null;
  }

  async findOpenAttempt(buyerId: string, held: Held, what: string): Promise<PurchaseRecord | null> {
    const [row] = await this.orm.em
      .fork()
      .execute<PurchaseRow[]>(
        `${WITH_STORE} where p.buyer_id = ? and p.status in ('pending', 'requires_action') and ${SAME_THING[held]} order by p.created_at desc limit 1`,
        [buyerId, what],
      );
    return row ? toPurchaseRecord(row) : null;
  }

  async claimEventAndLock(
    em: EntityManager,
    event: PaymentEventClaim,
  ): Promise<{ claimed: boolean; purchase: PurchaseRecord | null }> {
    const [row] = await em.execute<(Partial<PurchaseRow> & { claimed: number })[]>(
      `with claimed as (
         insert into payment_events (provider, event_id, type, reference, received_at) values (?, ?, ?, ?, ?) on conflict do nothing returning event_id
       ),
       locked as (${WITH_STORE} where ${idMatches('p')} and p.provider = ? for update of p)
       select (select count(*) from claimed)::int as claimed, locked.* from (select 1) as one left join locked on true`,
      [
        ...[event.provider, event.eventId, event.type, event.reference, event.receivedAt],
        ...thrice(UUID.test(event.reference) ? event.reference : null),
        event.provider,
      ],
    );
    return { claimed: row.claimed === 1, purchase: row.id ? toPurchaseRecord(row as PurchaseRow) : null };
  }

  async refuseEvent(em: EntityManager, provider: string, eventId: string, reason: string): Promise<void> {
    await em.execute(`update payment_events set refused_reason = ? where provider = ? and event_id = ?`, [
      reason,
      provider,
      eventId,
    ]);
  }

  async heldElsewhere(em: EntityManager, purchase: PurchaseRecord): Promise<boolean> {
    const what = heldKind(purchase.kind);
    const [row] = await em.execute<{ held: boolean }[]>(HELD_ELSEWHERE[what], thrice(purchase.id));
    return row.held;
  }

  async save(em: EntityManager, purchase: PurchaseRecord): Promise<void> {
    await em.execute(`${UPDATE_PURCHASE} where ${idMatches('purchases')}`, [
      ...changedValues(purchase),
      ...thrice(purchase.id),
    ]);
  }

  async saveIfUnchanged(purchase: PurchaseRecord): Promise<boolean> {
    const statement = `${UPDATE_PURCHASE} where ${idMatches('purchases', true)} and version = ?::int returning id`;
    const rows = await this.statements.query<{ id: string }>(statement, [
      ...changedValues(purchase),
      ...thrice(purchase.id),
      purchase.version,
    ]);
    return rows.length === 1;
  }

  async openBefore(before: Date, limit: number): Promise<string[]> {
    const rows = await this.orm.em.fork().execute<{ id: string }[]>(
      `select id from purchases where status in ('pending', 'requires_action') and created_at < ? and period_start is null
          order by created_at limit ?`,
      [before, limit],
    );
    return rows.map((row) => row.id);
  }

  private async select(
    em: EntityManager,
    id: string,
    scope: PurchaseScope,
    lock: string,
  ): Promise<PurchaseRecord | null> {
    if (!UUID.test(id)) return null;
    const [row] = await em.execute<PurchaseRow[]>(
      `${WITH_STORE} where ${idMatches('p')} and (?::uuid is null or p.buyer_id = ?::uuid) and (?::text is null or p.provider = ?::text) ${lock}`,
      [...thrice(id), scope.buyerId ?? null, scope.buyerId ?? null, scope.provider ?? null, scope.provider ?? null],
    );
    return row ? toPurchaseRecord(row) : null;
  }
}

/** The purchase repository the modules inject: the PostgreSQL adapter. */
export const purchaseRepositoryProvider = { provide: PurchaseRepository, useClass: PostgresPurchaseRepository };
