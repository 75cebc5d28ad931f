import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { toCsv } from '#app/platform';
import { formatMinor } from '../../domain/money.js';
import { HISTORY_STATUSES } from '../../domain/purchase.js';
import { PurchaseErrors } from '../../commerce.errors.js';
import { ExportPurchasesQuery, GetPurchaseQuery, ListPurchasesQuery } from './purchases.query.js';
import { PURCHASE_SELECT, purchaseView, toPurchaseView, type PurchaseRow, type PurchaseView } from './purchase-view.js';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';
import { decodeHistoryCursor, encodeHistoryCursor } from './history-cursor.js';

/** Payments that happened: a declined or abandoned attempt is not a purchase (GET /api/purchases/:id still shows it). */
const IN_HISTORY = `p.status in (${HISTORY_STATUSES.map((status) => `'${status}'`).join(', ')})`;

@QueryHandler(GetPurchaseQuery)
export class GetPurchaseHandler implements IQueryHandler<GetPurchaseQuery> {
  constructor(@Inject(PurchaseRepository) private readonly purchases: PurchaseRepository) {}

  async execute({ buyerId, purchaseId }: GetPurchaseQuery): Promise<PurchaseView> {
    // Scoped to the buyer: another fan's purchase id answers as not found.
    const purchase = await this.purchases.find(purchaseId, { buyerId });
    if (!purchase) throw PurchaseErrors.purchaseNotFound();
    return purchaseView(purchase);
  }
}

@QueryHandler(ListPurchasesQuery)
export class ListPurchasesHandler implements IQueryHandler<ListPurchasesQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ buyerId, cursor, limit }: ListPurchasesQuery) {
    const after = cursor === undefined ? null : decodeHistoryCursor(cursor);
    if (cursor !== undefined && !after) throw PurchaseErrors.invalid([{ field: 'cursor', message: 'cursor is not valid: pass the nextCursor of the previous page' }]);
    const rows = await this.orm.em.getConnection().execute<PurchaseRow[]>(
      `${PURCHASE_SELECT} where p.buyer_id = ? and ${IN_HISTORY} ${after ? 'and (p.created_at, p.id) < (?, ?)' : ''} order by p.created_at desc, p.id desc limit ?`,
      after ? [buyerId, after.createdAt, after.id, limit + 1] : [buyerId, limit + 1],
    );
    const items = rows.slice(0, limit).map(toPurchaseView);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? encodeHistoryCursor(last.createdAt, last.id) : null };
  }
}

@QueryHandler(ExportPurchasesQuery)
export class ExportPurchasesHandler implements IQueryHandler<ExportPurchasesQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ buyerId }: ExportPurchasesQuery): Promise<string> {
    const rows = await this.orm.em.getConnection().execute<PurchaseRow[]>(`${PURCHASE_SELECT} where p.buyer_id = ? and ${IN_HISTORY} order by p.created_at desc, p.id desc`, [buyerId]);
    const records = rows.map(toPurchaseView).map((p) => [
      p.createdAt,
      p.id,
      p.kind,
      p.storeName,
      p.contentTitle ?? (p.kind === 'tip' ? 'Tip' : 'Monthly subscription'),
      formatMinor(p.amountMinor),
      p.currency,
      p.method,
      p.status,
    ]);
    return toCsv(['date', 'purchase_id', 'kind', 'store', 'item', 'amount', 'currency', 'method', 'status'], records);
  }
}
