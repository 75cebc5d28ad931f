import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoreVisibility } from '../../domain/store-settings.js';
import { liveSubscriptionCondition } from '../subscriptions/subscriptions.read-model.js';

/** The purchase handler's spelling; the subscription read model owns it. */
export { liveSubscriptionSql } from '../subscriptions/subscriptions.read-model.js';

/** What a fan may open in one store: items bought (and not reversed), or everything while subscribed. */
export interface StoreEntitlements {
  /** content id -> the paid purchase that gives access */
  bought: Map<string, string>;
  /** The purchase that started the live subscription, or null without one. */
  subscriptionPurchaseId: string | null;
}

/**
 * A subscribers-only store sells and opens its items to live subscribers only. A lapsed subscriber
 * keeps the items bought in their history, and they open again when the fan subscribes again.
 */
export const mayOpenBoughtItems = (visibility: StoreVisibility, subscribed: boolean): boolean =>
  visibility === 'public' || subscribed;

export async function storeEntitlements(
  em: EntityManager,
  buyerId: string,
  store: { id: string; visibility: StoreVisibility },
  now: Date,
): Promise<StoreEntitlements> {
  const rows = await em.execute<{ id: string; content_id: string | null; kind: string }[]>(
    `select id, content_id, kind from purchases where buyer_id = ? and store_id = ? and kind = 'content' and status = 'paid'
     union all
     (select p.id, null, 'subscription' from subscriptions sub join purchases p on p.subscription_id = sub.id and p.status = 'paid'
       where sub.subscriber_id = ? and sub.store_id = ? and ${liveSubscriptionCondition('sub')}
       order by p.created_at limit 1)`,
    [buyerId, store.id, buyerId, store.id, now],
  );
  const bought = new Map<string, string>();
  let subscriptionPurchaseId: string | null = null;
  for (const row of rows) {
    if (row.kind === 'content' && row.content_id) bought.set(row.content_id, row.id);
    else subscriptionPurchaseId = row.id;
  }
  if (!mayOpenBoughtItems(store.visibility, subscriptionPurchaseId !== null)) bought.clear();
  return { bought, subscriptionPurchaseId };
}
