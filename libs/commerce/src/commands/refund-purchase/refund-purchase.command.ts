import { Command } from '@nestjs/cqrs';
import type { PurchaseView } from '../../queries/purchases/purchase-view.js';

/**
 * Admin: refund a paid purchase in full through the provider (or, sandbox only, have the fan's
 * bank dispute it). A refund is applied from the provider's answer; a dispute when its webhook arrives.
 */
export class RefundPurchaseCommand extends Command<PurchaseView> {
  constructor(
    readonly adminId: string,
    readonly purchaseId: string,
    readonly action: 'refund' | 'chargeback',
    readonly ipAddress: string | null,
  ) {
    super();
  }
}
