import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { addCalendarMonth } from '../../domain/money.js';
import type { PurchaseRecord } from '../../repositories/purchase.repository.js';

/**
 * A paid subscription charge: the first one starts (or restarts) the fan's subscription to the
 * store for a calendar month; a renewal extends the period it was charged for. Answers the
 * subscription's id, which the purchase keeps.
 */
export async function activateSubscription(em: EntityManager, purchase: PurchaseRecord, paidAt: Date): Promise<string> {
  if (purchase.subscriptionId && purchase.periodStart) {
    const start = purchase.periodStart;
    await em.execute(
      `update subscriptions set status = 'active', current_period_start = ?, current_period_end = ?, updated_at = ?
        where id = ? and current_period_end = ?`,
      [start, addCalendarMonth(start), paidAt, purchase.subscriptionId, start],
    );
    return purchase.subscriptionId;
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
    [randomUUID(), purchase.buyerId, purchase.storeId, purchase.creatorId, purchase.amountMinor, purchase.currency, purchase.method, purchase.savedMethodRef ?? '', paidAt, addCalendarMonth(paidAt), paidAt, paidAt],
  );
  return row.id;
}

/** A renewal that could not be charged: no access until the fan pays again. */
export async function markPastDue(em: EntityManager, purchase: PurchaseRecord, at: Date): Promise<void> {
  await em.execute(`update subscriptions set status = 'past_due', updated_at = ? where id = ? and status = 'active' and current_period_end = ?`, [at, purchase.subscriptionId, purchase.periodStart]);
}

/** A refunded or charged-back subscription payment ends access now and stops renewals. */
export async function endSubscriptionAccess(em: EntityManager, purchase: PurchaseRecord, at: Date): Promise<void> {
  if (!purchase.subscriptionId) return;
  await em.execute(
    `update subscriptions set status = 'cancelled', auto_renew = false, cancelled_at = coalesce(cancelled_at, ?), current_period_end = least(current_period_end, ?), updated_at = ?
      where id = ?`,
    [at, at, at, purchase.subscriptionId],
  );
}
