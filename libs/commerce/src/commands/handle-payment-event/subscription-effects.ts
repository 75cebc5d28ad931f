import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { addCalendarMonth } from '../../domain/money.js';
import type { LockedPurchase } from './handle-payment-event.handler.js';

/**
 * A paid subscription charge: the first one starts (or restarts) the fan's subscription to the
 * store for a calendar month; a renewal extends the period it was charged for.
 */
export async function activateSubscription(em: EntityManager, purchase: LockedPurchase, paidAt: Date): Promise<void> {
  if (purchase.subscription_id && purchase.period_start) {
    const start = new Date(purchase.period_start);
    await em.execute(
      `update subscriptions set status = 'active', current_period_start = ?, current_period_end = ?, updated_at = ?
        where id = ? and current_period_end = ?`,
      [start, addCalendarMonth(start), paidAt, purchase.subscription_id, start],
    );
    return;
  }
  const [row] = await em.execute<{ id: string }[]>(
    `insert into subscriptions (id, subscriber_id, store_id, creator_id, status, auto_renew, price_minor, currency, method, payment_method_ref,
                                current_period_start, current_period_end, started_at, cancelled_at, updated_at)
     values (?, ?, ?, ?, 'active', true, ?, ?, ?, ?, ?, ?, ?, null, ?)
     on conflict (subscriber_id, store_id) do update
       set status = 'active', auto_renew = true, price_minor = excluded.price_minor, currency = excluded.currency, method = excluded.method,
           payment_method_ref = excluded.payment_method_ref, current_period_start = excluded.current_period_start,
           current_period_end = excluded.current_period_end, started_at = excluded.started_at, cancelled_at = null, updated_at = excluded.updated_at
     returning id`,
    [randomUUID(), purchase.buyer_id, purchase.store_id, purchase.creator_id, purchase.amount_minor, purchase.currency, purchase.method, purchase.payment_method_ref ?? '', paidAt, addCalendarMonth(paidAt), paidAt, paidAt],
  );
  await em.execute(`update purchases set subscription_id = ? where id = ?`, [row.id, purchase.id]);
}

/** A renewal that could not be charged: no access until the fan pays again. */
export async function markPastDue(em: EntityManager, purchase: LockedPurchase, at: Date): Promise<void> {
  await em.execute(`update subscriptions set status = 'past_due', updated_at = ? where id = ? and status = 'active' and current_period_end = ?`, [at, purchase.subscription_id, purchase.period_start]);
}

/** A refunded or charged-back subscription payment ends access now and stops renewals. */
export async function endSubscriptionAccess(em: EntityManager, purchase: LockedPurchase, at: Date): Promise<void> {
  if (!purchase.subscription_id) return;
  await em.execute(
    `update subscriptions set status = 'cancelled', auto_renew = false, cancelled_at = coalesce(cancelled_at, ?), current_period_end = least(current_period_end, ?), updated_at = ?
      where id = ?`,
    [at, at, at, purchase.subscription_id],
  );
}
