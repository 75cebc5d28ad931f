import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { toCsv } from '#app/platform';
import { formatMinor } from '../../domain/money.js';
import { PurchaseErrors } from '../../commerce.errors.js';
import { ExportPurchasesQuery, GetPurchaseQuery, ListPurchasesQuery } from './purchases.query.js';
import { purchaseView, type PurchaseView } from './purchase-view.js';
import { purchaseHistory, purchaseHistoryPage } from './purchases.queries.js';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';
import { decodeHistoryCursor, encodeHistoryCursor } from './history-cursor.js';

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
    if (cursor !== undefined && !after)
      throw PurchaseErrors.invalid([
        { field: 'cursor', message: 'cursor is not valid: pass the nextCursor of the previous page' },
      ]);
    const rows = await purchaseHistoryPage(this.orm, buyerId, after, limit);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? encodeHistoryCursor(last.createdAt, last.id) : null };
  }
}

@QueryHandler(ExportPurchasesQuery)
export class ExportPurchasesHandler implements IQueryHandler<ExportPurchasesQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ buyerId }: ExportPurchasesQuery): Promise<string> {
    const records = (await purchaseHistory(this.orm, buyerId)).map((p) => [
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
