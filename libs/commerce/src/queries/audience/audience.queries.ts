import type { EntityManager } from '@mikro-orm/postgresql';
import { liveSubscriptionCondition } from '../subscriptions/subscriptions.read-model.js';
import type { AudienceSelector } from './audience.query.js';

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The segment as SQL yielding `fan_id` for the store of `creatorId`, each fan once. Parameters, in
 * order: creator id, now (subscriptions), then content id ('buyers'). Each reads an index in fan-id
 * order (audience-indexes migration), so a keyset page costs its own rows only.
 */
function segmentSql(selector: AudienceSelector, now: Date): { sql: string; params: unknown[] } {
  const store = `(select id from stores where owner_id = ?)`;
  switch (selector.segment) {
    case 'subscribers_active':
      return {
        sql: `select sub.subscriber_id as fan_id from subscriptions sub where sub.store_id = ${store} and ${liveSubscriptionCondition('sub')}`,
        params: [selector.creatorId, now],
      };
    case 'subscribers_expired':
      return {
        sql: `select sub.subscriber_id as fan_id from subscriptions sub where sub.store_id = ${store} and not ${liveSubscriptionCondition('sub')}`,
        params: [selector.creatorId, now],
      };
    case 'favourites':
      return {
        sql: `select f.user_id as fan_id from favorites f where f.store_id = ${store}`,
        params: [selector.creatorId],
      };
    case 'buyers':
      return {
        sql: `select distinct p.buyer_id as fan_id from purchases p
               where p.store_id = ${store} and p.content_id = ?::uuid and p.kind = 'content' and p.status = 'paid'`,
        params: [selector.creatorId, selector.contentId ?? ZERO_UUID],
      };
  }
}

/** Up to `limit` fans of the segment after `afterFanId` in fan-id order, the creator left out. */
export async function audiencePage(
  em: EntityManager,
  selector: AudienceSelector,
  now: Date,
  afterFanId: string | null,
  limit: number,
): Promise<string[]> {
  const segment = segmentSql(selector, now);
  const rows = await em.execute<{ fan_id: string }[]>(
    `select fan_id from (${segment.sql}) audience where fan_id > ?::uuid and fan_id <> ?::uuid order by fan_id limit ?`,
    [...segment.params, afterFanId ?? ZERO_UUID, selector.creatorId, limit],
  );
  return rows.map((row) => row.fan_id);
}

/** How many fans the segment holds, the creator left out. */
export async function audienceCount(em: EntityManager, selector: AudienceSelector, now: Date): Promise<number> {
  const segment = segmentSql(selector, now);
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from (${segment.sql}) audience where fan_id <> ?::uuid`,
    [...segment.params, selector.creatorId],
  );
  return row.n;
}
