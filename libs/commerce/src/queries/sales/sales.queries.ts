import type { MikroORM } from '@mikro-orm/postgresql';
import type { SaleItemView, SalesRange } from './sales.query.js';

/** A captured payment to a creator, as their sales page lists it. */
export interface SaleRow {
  id: string;
  buyer_id: string;
  kind: SaleItemView['kind'];
  content_title: string | null;
  amount_minor: string;
  currency: string;
  method: SaleItemView['method'];
  status: SaleItemView['status'];
  message: string | null;
  dispute_stage: SaleItemView['disputeStage'];
  paid_at: Date;
}

/**
 * The creator's sales in a range of UTC days, newest first, and their store's currency. Sales are
 * captured payments (paid, later refunded or charged back), dated when the money arrived.
 */
export async function creatorSales(
  orm: MikroORM,
  creatorId: string,
  range: SalesRange,
): Promise<{ currency: string; rows: SaleRow[] }> {
  const connection = orm.em.getConnection();
  const [store] = await connection.execute<{ currency: string }[]>(`select currency from stores where owner_id = ?`, [
    creatorId,
  ]);
  const rows = await connection.execute<SaleRow[]>(
    `select id, buyer_id, kind, content_title, amount_minor, currency, method, status, message, dispute_stage, paid_at from purchases
      where creator_id = ? and status in ('paid', 'refunded', 'charged_back')
        and paid_at >= (?::date)::timestamp at time zone 'UTC' and paid_at < (?::date + 1)::timestamp at time zone 'UTC'
      order by paid_at desc, id desc`,
    [creatorId, range.from, range.to],
  );
  return { currency: store?.currency ?? 'USD', rows };
}
