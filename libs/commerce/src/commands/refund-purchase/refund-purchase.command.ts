import { Command } from '@nestjs/cqrs';
import type { PurchaseView } from '../../queries/purchases/purchase-view.js';

/**
 * Admin: refund a paid purchase in full through the provider (or, sandbox only, raise a
 * chargeback). The purchase changes when the provider's event arrives.
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
