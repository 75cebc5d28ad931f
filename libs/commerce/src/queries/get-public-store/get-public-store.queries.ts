import type { EntityManager } from '@mikro-orm/postgresql';
import { liveSubscriptionCondition, liveSubscriptionSql } from '../subscriptions/subscriptions.read-model.js';

/** What the store page counts: commerce's own read model of what is on sale, and live subscriptions. */
const COUNTS_SQL = `
  select count(*) filter (where kind = 'video')::int as videos, count(*) filter (where kind = 'album')::int as albums,
         (select count(*)::int from subscriptions sub where sub.store_id = ? and ${liveSubscriptionCondition('sub')}) as subscribers
    from sellable_items where creator_id = ? and status = 'sellable'`;

export async function storePageCounts(
  em: EntityManager,
  storeId: string,
  ownerId: string,
  now: Date,
): Promise<{ videos: number; albums: number; subscribers: number }> {
  const [row] = await em.execute<{ videos: number; albums: number; subscribers: number }[]>(COUNTS_SQL, [
    storeId,
    now,
    ownerId,
  ]);
  return row;
}

/** Whether the viewer favorited the store, and has a live subscription to it. */
export async function viewerOfStore(
  em: EntityManager,
  viewerId: string,
  storeId: string,
  now: Date,
): Promise<{ favorite: boolean; subscribed: boolean }> {
  const [row] = await em.execute<{ favorite: boolean; subscribed: boolean }[]>(
    `select exists (select 1 from favorites where user_id = ? and store_id = ?) as favorite, ${liveSubscriptionSql('?::uuid', '?::uuid')} as subscribed`,
    [viewerId, storeId, viewerId, storeId, now],
  );
  return row;
}
