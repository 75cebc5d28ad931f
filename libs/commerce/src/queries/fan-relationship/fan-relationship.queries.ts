import type { EntityManager } from '@mikro-orm/postgresql';
import { liveSubscriptionSql } from '../subscriptions/subscriptions.read-model.js';
import type { FanRelationshipView } from './fan-relationship.query.js';

/** What the fan has with the creator's store; undefined when the creator has no store. */
export async function findFanRelationship(
  em: EntityManager,
  creatorId: string,
  fanId: string,
  now: Date,
): Promise<FanRelationshipView | undefined> {
  const [row] = await em.execute<FanRelationshipView[]>(
    `select ${liveSubscriptionSql('?::uuid', 's.id')} as subscribed,
            exists (select 1 from subscriptions sub where sub.subscriber_id = ? and sub.store_id = s.id) as "everSubscribed",
            exists (select 1 from purchases p where p.buyer_id = ? and p.store_id = s.id and p.status = 'paid') as bought,
            exists (select 1 from favorites f where f.user_id = ? and f.store_id = s.id) as favourite
       from stores s where s.owner_id = ?`,
    [fanId, now, fanId, fanId, fanId, creatorId],
  );
  return row;
}
