import type { EntityManager } from '@mikro-orm/postgresql';
import type { NotifiedPurchase } from './creator-notification.js';

/** A purchase as its notices and receipts tell it, with the store it was made in. */
export interface NotifiedPurchaseRow {
  id: string;
  /** As text: the foreign key needs it to the microsecond. */
  purchase_created_at: string;
  buyer_id: string;
  creator_id: string;
  kind: NotifiedPurchase['kind'];
  content_title: string | null;
  period_start: Date | null;
  amount_minor: string;
  currency: string;
  method: 'card' | 'crypto';
  card_brand: string | null;
  card_last4: string | null;
  message: string | null;
  paid_at: Date | null;
  store_name: string;
  email_sales: boolean;
}

/** The purchase with that id (looked up in its month's partition), or undefined. */
export async function findNotifiedPurchase(
  em: EntityManager,
  purchaseId: string,
): Promise<NotifiedPurchaseRow | undefined> {
  const [row] = await em.execute<NotifiedPurchaseRow[]>(
    `select p.id, p.created_at::text as purchase_created_at, p.buyer_id, p.creator_id, p.kind, p.content_title, p.period_start,
            p.amount_minor, p.currency, p.method, p.card_brand, p.card_last4, p.message, p.paid_at,
            s.display_name as store_name, s.email_sales
       from purchases p join stores s on s.id = p.store_id
      where p.id = ?::uuid and p.created_at >= uuid_v7_month_start(?::uuid) and p.created_at < uuid_v7_month_end(?::uuid)`,
    [purchaseId, purchaseId, purchaseId],
  );
  return row;
}
