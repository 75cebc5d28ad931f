import { Command } from '@nestjs/cqrs';
import type { PurchaseView } from '../../queries/purchases/purchase-view.js';

/** The fan is back from the hosted page: ask the provider now instead of waiting for its webhook. */
export class RefreshPurchaseCommand extends Command<PurchaseView> {
  constructor(
    readonly buyerId: string,
    readonly purchaseId: string,
  ) {
    super();
  }
}
