import type { MikroORM } from '@mikro-orm/postgresql';
import type { StoreVisibility } from '../../domain/store-settings.js';
import { liveSubscriptionSql } from './entitlements.read-model.js';

/** A buyer's purchase as what it opens: the item or the subscription, its store's terms, and their live subscription at `now`. */
export interface PurchaseOpening {
  kind: string;
  status: string;
  content_id: string | null;
  creator_id: string;
  visibility: StoreVisibility;
  allow_downloads: boolean;
  subscribed: boolean;
}

/** The buyer's purchase (another fan's answers nothing), its id bounding the month partition read. */
export async function purchaseOpening(
  orm: MikroORM,
  buyerId: string,
  purchaseId: string,
  now: Date,
): Promise<PurchaseOpening | null> {
  const [row] = await orm.em.getConnection().execute<PurchaseOpening[]>(
    `select p.kind, p.status, p.content_id, p.creator_id, s.visibility, s.allow_downloads, ${liveSubscriptionSql('p.buyer_id', 'p.store_id')} as subscribed
       from purchases p join stores s on s.id = p.store_id
      where p.id = ?::uuid and p.created_at >= uuid_v7_month_start(?::uuid) and p.created_at < uuid_v7_month_end(?::uuid) and p.buyer_id = ?`,
    [now, purchaseId, purchaseId, purchaseId, buyerId],
  );
  return row ?? null;
}
