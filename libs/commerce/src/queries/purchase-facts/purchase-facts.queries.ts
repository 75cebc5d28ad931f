import type { MikroORM } from '@mikro-orm/postgresql';
import { liveSubscriptionSql } from '../purchased-content/entitlements.read-model.js';

/** What a viewer holds in a creator's store at `now`: the item bought (paid), a live subscription; and the store's own terms. */
export interface StoreHoldings {
  visibility: string;
  allow_downloads: boolean;
  bought: boolean;
  subscribed: boolean;
}

export async function viewerHoldings(
  orm: MikroORM,
  viewerId: string,
  creatorId: string,
  contentId: string,
  now: Date,
): Promise<StoreHoldings | null> {
  const [row] = await orm.em.getConnection().execute<StoreHoldings[]>(
    `select s.visibility, s.allow_downloads,
            exists (select 1 from purchases p
                     where p.buyer_id = ? and p.store_id = s.id and p.kind = 'content' and p.status = 'paid' and p.content_id = ?) as bought,
            ${liveSubscriptionSql('?::uuid', 's.id')} as subscribed
       from stores s where s.owner_id = ?`,
    [viewerId, contentId, viewerId, now, creatorId],
  );
  return row ?? null;
}
