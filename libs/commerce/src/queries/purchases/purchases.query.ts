import { Query } from '@nestjs/cqrs';
import type { PurchaseView } from './purchase-view.js';

export class GetPurchaseQuery extends Query<PurchaseView> {
  constructor(
    readonly buyerId: string,
    readonly purchaseId: string,
  ) {
    super();
  }
}

/** The fan's purchase history, newest first, a page at a time. */
export class ListPurchasesQuery extends Query<{ items: PurchaseView[]; nextCursor: string | null }> {
  constructor(
    readonly buyerId: string,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}

/** The whole history as CSV (date,purchase_id,kind,store,item,amount,currency,method,status). */
export class ExportPurchasesQuery extends Query<string> {
  constructor(readonly buyerId: string) {
    super();
  }
}
