import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Clock } from '#app/platform';
import { FindUserQuery } from '#app/identity';
import { PAYMENT_PROVIDER, withPaymentRows, type PaymentProvider } from '../../payments/payment-provider.js';

interface DueRow {
  id: string;
  subscriber_id: string;
  store_id: string;
  creator_id: string;
  price_minor: string;
  currency: string;
  method: 'card' | 'crypto';
  payment_method_ref: string;
  current_period_end: Date;
}

const BATCH = 100;

/**
 * The renew-subscriptions job: subscriptions that will not renew end with their period (cancelled,
 * automatic renewal off, store closed, or the subscriber's account deleted); the others are charged
 * on their saved method, once per period. The renewal is a purchase whose
 * Idempotency-Key names the subscription and period, so a second run charges nobody twice.
 */
@Injectable()
export class SubscriptionRenewals {
  private readonly logger = new Logger(SubscriptionRenewals.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async run(): Promise<{ expired: number; charged: number }> {
    const now = this.clock.now();
    const em = this.orm.em.fork();
    const expired = await em.execute<{ id: string }[]>(
      `update subscriptions sub set status = 'expired', updated_at = ?
         from stores s
        where s.id = sub.store_id and sub.status = 'active' and sub.current_period_end <= ?
          and (not sub.auto_renew or s.status <> 'active' or not s.subscription_enabled)
        returning sub.id`,
      [now, now],
    );
    let charged = 0;
    let deleted = 0;
    for (;;) {
      const due = await em.execute<DueRow[]>(
        `select sub.id, sub.subscriber_id, sub.store_id, sub.creator_id, sub.price_minor, sub.currency, sub.method, sub.payment_method_ref, sub.current_period_end
           from subscriptions sub
          where sub.status = 'active' and sub.auto_renew and sub.current_period_end <= ?
            and not exists (select 1 from purchases p where p.subscription_id = sub.id and p.period_start = sub.current_period_end)
          order by sub.current_period_end limit ?`,
        [now, BATCH],
      );
      for (const subscription of due) {
        if (!(await this.queries.execute(new FindUserQuery(subscription.subscriber_id)))) {
          // The account is gone: the subscription ends with its period, nobody is charged.
          await em.execute(`update subscriptions set status = 'expired', auto_renew = false, updated_at = ? where id = ? and status = 'active'`, [now, subscription.id]);
          deleted++;
        } else if (await this.charge(subscription, now)) charged++;
      }
      if (due.length < BATCH) break;
    }
    if (expired.length || deleted || charged) this.logger.log(`subscriptions: ${expired.length + deleted} expired (${deleted} of deleted accounts), ${charged} renewals charged`);
    return { expired: expired.length + deleted, charged };
  }

  private charge(subscription: DueRow, now: Date): Promise<boolean> {
    const id = randomUUID();
    const periodStart = new Date(subscription.current_period_end);
    const amountMinor = Number(subscription.price_minor);
    const payment = this.provider.preparePayment(
      { reference: id, amountMinor, currency: subscription.currency, method: subscription.method, savedMethodRef: subscription.payment_method_ref },
      'ins',
    );
    const [sql, params] = withPaymentRows(
      {
        ctes: `ins as (
           insert into purchases (id, buyer_id, store_id, creator_id, kind, subscription_id, period_start, amount_minor, currency, method, status,
                                  idempotency_key, provider, provider_payment_id, payment_method_ref, crypto, created_at)
           values (?, ?, ?, ?, 'subscription', ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?::jsonb, ?)
           on conflict (buyer_id, idempotency_key) do nothing returning id, amount_minor, currency
         )`,
        params: [
          id,
          subscription.subscriber_id,
          subscription.store_id,
          subscription.creator_id,
          subscription.id,
          periodStart,
          amountMinor,
          subscription.currency,
          subscription.method,
          `renewal:${subscription.id}:${periodStart.toISOString()}`,
          this.provider.name,
          payment.providerPaymentId,
          subscription.payment_method_ref,
          payment.crypto ? JSON.stringify(payment.crypto) : null,
          now,
        ],
      },
      payment,
      'select id from ins',
    );
    // Another worker renewed this period first: nothing is written, the payment neither.
    return this.orm.em
      .fork()
      .execute<{ id: string }[]>(sql, params)
      .then((inserted) => inserted.length > 0)
      .catch((error: unknown) => {
        if (/purchases_pending_subscription/.test(String(error))) return false;
        throw error;
      });
  }
}

