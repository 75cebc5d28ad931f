import type { MikroORM } from '@mikro-orm/postgresql';
import { HISTORY_STATUSES } from '../../domain/purchase.js';
import { toPurchaseView, type PurchaseRow, type PurchaseView } from './purchase-view.js';

/**
 * The buyer's purchases with their stores, as the history shows them: payments that happened (a declined
 * or abandoned attempt is not a purchase; GET /api/purchases/:id still shows it).
 */
const HISTORY = `
  select p.id, p.buyer_id, p.kind, p.status, p.amount_minor, p.currency, p.method, s.slug as store_slug, s.display_name as store_name,
         p.content_id, p.content_title, p.content_kind, p.subscription_id, p.failure_reason, p.crypto, p.checkout_url, p.return_to,
         p.card_brand, p.card_last4, p.created_at, p.paid_at
    from purchases p join stores s on s.id = p.store_id
   where p.buyer_id = ? and p.status in (${HISTORY_STATUSES.map((status) => `'${status}'`).join(', ')})`;

interface HistoryCursor {
  createdAt: Date;
  id: string;
}

/** One page of the buyer's history, newest first, after a (created_at, id) cursor; one more row than `limit` says there is more. */
export async function purchaseHistoryPage(
  orm: MikroORM,
  buyerId: string,
  after: HistoryCursor | null,
  limit: number,
): Promise<PurchaseView[]> {
  const rows = await orm.em
    .getConnection()
    .execute<PurchaseRow[]>(
      `${HISTORY} ${after ? 'and (p.created_at, p.id) < (?, ?)' : ''} order by p.created_at desc, p.id desc limit ?`,
      after ? [buyerId, after.createdAt, after.id, limit + 1] : [buyerId, limit + 1],
    );
  return rows.map(toPurchaseView);
}

/** The buyer's whole history, newest first (the CSV export). */
export async function purchaseHistory(orm: MikroORM, buyerId: string): Promise<PurchaseView[]> {
  const rows = await orm.em
    .getConnection()
    .execute<PurchaseRow[]>(`${HISTORY} order by p.created_at desc, p.id desc`, [buyerId]);
  return rows.map(toPurchaseView);
}
