import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { PaymentMethod } from '../payments/payment-provider.js';
import type { Subscription, SubscriptionStatus } from '../domain/subscription.js';
import { SubscriptionRepository, type DueSubscription, type SubscriptionTx } from './subscription.repository.js';

interface Row {
  id: string;
  subscriber_id: string;
  store_id: string;
  creator_id: string;
  status: SubscriptionStatus;
  auto_renew: boolean;
  price_minor: string | number;
  currency: string;
  method: PaymentMethod;
  payment_method_ref: string;
  current_period_start: Date | string;
  current_period_end: Date | string;
  started_at: Date | string;
  cancelled_at: Date | string | null;
  updated_at: Date | string;
}

const COLUMNS = `sub.id, sub.subscriber_id, sub.store_id, sub.creator_id, sub.status, sub.auto_renew, sub.price_minor, sub.currency, sub.method,
  sub.payment_method_ref, sub.current_period_start, sub.current_period_end, sub.started_at, sub.cancelled_at, sub.updated_at`;

const RECORD_TYPE = `id uuid, subscriber_id uuid, store_id uuid, creator_id uuid, status text, auto_renew boolean, price_minor bigint, currency text,
  method text, payment_method_ref text, current_period_start timestamptz, current_period_end timestamptz, started_at timestamptz,
  cancelled_at timestamptz, updated_at timestamptz`;

/** The pair (fan, store) is the key: a value for a pair that has a row takes over that row's id. */
const SAVE_SQL = `
  insert into subscriptions as sub (id, subscriber_id, store_id, creator_id, status, auto_renew, price_minor, currency, method, payment_method_ref,
                                    current_period_start, current_period_end, started_at, cancelled_at, updated_at)
  select * from jsonb_to_recordset(?::jsonb) as r(${RECORD_TYPE})
  on conflict (subscriber_id, store_id) do update
    set status = excluded.status, auto_renew = excluded.auto_renew, price_minor = excluded.price_minor, currency = excluded.currency,
        method = excluded.method, payment_method_ref = excluded.payment_method_ref, current_period_start = excluded.current_period_start,
        current_period_end = excluded.current_period_end, started_at = excluded.started_at, cancelled_at = excluded.cancelled_at,
        updated_at = excluded.updated_at
  returning ${COLUMNS}`;

const date = (value: Date | string): Date => new Date(value);

const toSubscription = (row: Row): Subscription => ({
  id: row.id,
  subscriberId: row.subscriber_id,
  storeId: row.store_id,
  creatorId: row.creator_id,
  status: row.status,
  autoRenew: row.auto_renew,
  priceMinor: Number(row.price_minor),
  currency: row.currency,
  method: row.method,
  paymentMethodRef: row.payment_method_ref,
  currentPeriodStart: date(row.current_period_start),
  currentPeriodEnd: date(row.current_period_end),
  startedAt: date(row.started_at),
  cancelledAt: row.cancelled_at === null ? null : date(row.cancelled_at),
  updatedAt: date(row.updated_at),
});

const toRecord = (subscription: Subscription) => ({
  id: subscription.id,
  subscriber_id: subscription.subscriberId,
  store_id: subscription.storeId,
  creator_id: subscription.creatorId,
  status: subscription.status,
  auto_renew: subscription.autoRenew,
  price_minor: subscription.priceMinor,
  currency: subscription.currency,
  method: subscription.method,
  payment_method_ref: subscription.paymentMethodRef,
  current_period_start: subscription.currentPeriodStart.toISOString(),
  current_period_end: subscription.currentPeriodEnd.toISOString(),
  started_at: subscription.startedAt.toISOString(),
  cancelled_at: subscription.cancelledAt?.toISOString() ?? null,
  updated_at: subscription.updatedAt.toISOString(),
});

/** The subscriptions table in PostgreSQL. */
@Injectable()
export class PostgresSubscriptionRepository extends SubscriptionRepository {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {
    super();
  }

  transaction<T>(work: (tx: SubscriptionTx) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional((em) => work(em));
  }

  async lock(tx: SubscriptionTx, id: string): Promise<Subscription | null> {
    return this.one(tx, `select ${COLUMNS} from subscriptions sub where sub.id = ? for update`, [id]);
  }

  async lockOwned(tx: SubscriptionTx, id: string, subscriberId: string): Promise<Subscription | null> {
    return this.one(
      tx,
      `select ${COLUMNS} from subscriptions sub where sub.id = ? and sub.subscriber_id = ? for update`,
      [id, subscriberId],
    );
  }

  async lockForStore(tx: SubscriptionTx, subscriberId: string, storeId: string): Promise<Subscription | null> {
    return this.one(
      tx,
      `select ${COLUMNS} from subscriptions sub where sub.subscriber_id = ? and sub.store_id = ? for update`,
      [subscriberId, storeId],
    );
  }

  async lockRenewingOf(tx: SubscriptionTx, userId: string): Promise<Subscription[]> {
    const sql = `select ${COLUMNS} from subscriptions sub
                  where (sub.subscriber_id = ? or sub.creator_id = ?) and sub.status in ('active', 'past_due') order by sub.id for update`;
    return this.many(tx, sql, [userId, userId]);
  }

  async lockEndingWithPeriod(tx: SubscriptionTx, at: Date): Promise<Subscription[]> {
    const sql = `select ${COLUMNS} from subscriptions sub join stores s on s.id = sub.store_id
                  where sub.status = 'active' and sub.current_period_end <= ?
                    and (not sub.auto_renew or s.status <> 'active' or not s.subscription_enabled)
                  order by sub.id for update of sub`;
    return this.many(tx, sql, [at]);
  }

  async dueForRenewal(
    tx: SubscriptionTx,
    at: Date,
    skipped: readonly string[],
    limit: number,
  ): Promise<DueSubscription[]> {
    const rows = await this.em(tx).execute<(Row & { store_name: string })[]>(
      `select ${COLUMNS}, s.display_name as store_name
         from subscriptions sub join stores s on s.id = sub.store_id
        where sub.status = 'active' and sub.auto_renew and sub.current_period_end <= ?
          and not exists (select 1 from purchases p where p.subscription_id = sub.id and p.period_start = sub.current_period_end and p.status <> 'pending')
          and not (sub.id::text = any(string_to_array(?, ',')))
        order by sub.current_period_end limit ?`,
      [at, skipped.join(','), limit],
    );
    return rows.map((row) => ({ subscription: toSubscription(row), storeName: row.store_name }));
  }

  async save(tx: SubscriptionTx, subscription: Subscription): Promise<Subscription> {
    const [row] = await this.em(tx).execute<Row[]>(SAVE_SQL, [JSON.stringify([toRecord(subscription)])]);
    return toSubscription(row);
  }

  async saveAll(tx: SubscriptionTx, subscriptions: readonly Subscription[]): Promise<void> {
    if (subscriptions.length === 0) return;
    await this.em(tx).execute(SAVE_SQL, [JSON.stringify(subscriptions.map(toRecord))]);
  }

  private em(tx: SubscriptionTx): EntityManager {
    return tx ?? this.orm.em.fork();
  }

  private async one(tx: SubscriptionTx, sql: string, params: unknown[]): Promise<Subscription | null> {
    const [row] = await this.em(tx).execute<Row[]>(sql, params);
    return row ? toSubscription(row) : null;
  }

  private async many(tx: SubscriptionTx, sql: string, params: unknown[]): Promise<Subscription[]> {
    return (await this.em(tx).execute<Row[]>(sql, params)).map(toSubscription);
  }
}
