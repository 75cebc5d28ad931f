import type { EntityManager } from '@mikro-orm/postgresql';
import { liveSubscriptionCondition } from '../subscriptions/subscriptions.read-model.js';
import type { FollowedStoreView } from './store-visit.query.js';

/**
 * The active stores a fan favourited or holds a live subscription to: one row per store, the newest
 * tie first (a subscription's start or the favourite's time).
 */
export async function followedStores(
  em: EntityManager,
  fanId: string,
  now: Date,
  limit: number,
): Promise<FollowedStoreView[]> {
  const rows = await em.execute<
    { owner_id: string; slug: string; display_name: string; currency: string; subscribed: boolean }[]
  >(
    `with ties as (
       select f.store_id, f.created_at as since, false as subscribed from favorites f where f.user_id = ?
       union all
       select sub.store_id, sub.started_at, true from subscriptions sub
        where sub.subscriber_id = ? and ${liveSubscriptionCondition('sub')})
     select s.owner_id, s.slug, s.display_name, s.currency, bool_or(t.subscribed) as subscribed
       from ties t join stores s on s.id = t.store_id and s.status = 'active'
      group by s.id
      order by max(t.since) desc, s.id
      limit ?`,
    [fanId, fanId, now, limit],
  );
  return rows.map((row) => ({
    ownerId: row.owner_id,
    slug: row.slug,
    displayName: row.display_name,
    currency: row.currency,
    subscribed: row.subscribed,
  }));
}
