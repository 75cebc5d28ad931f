import { Inject, Injectable, Logger } from '@nestjs/common';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.js';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';
import { PaymentFacts } from '../handle-payment-event/apply-payment-fact.js';

/**
 * Sends a payment back to the fan at the provider: a late capture of an item they had bought again
 * (booked and refunded on our side when it was captured). Asking again is harmless: the provider's
 * Idempotency-Key is `<purchase>:refund`, so it refunds once; its answer is applied like its webhook.
 */
@Injectable()
export class ReturnPayment {
  private readonly logger = new Logger(ReturnPayment.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(PaymentFacts) private readonly facts: PaymentFacts,
  ) {}

  async run(purchaseId: string): Promise<'returned' | 'nothing_to_return'> {
    const purchase = await this.purchases.find(purchaseId);
    if (!purchase || purchase.status !== 'refunded' || !purchase.providerPaymentId) {
      this.logger.warn(
        `purchase ${purchaseId}: no refunded payment to send back (${purchase?.status ?? 'no such purchase'})`,
      );
      return 'nothing_to_return';
    }
    await this.facts.applyToPurchase(purchase.id, await this.provider.refund(purchase.id, purchase.providerPaymentId));
    return 'returned';
  }
}
