import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { describePurchase, openCheckout, type PurchasePayment } from '../../domain/purchase.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.js';
import type { PurchaseView } from '../../queries/purchases/purchase-view.js';
import { PurchaseRepository, type PurchaseRecord } from '../../repositories/purchase.repository.js';

/** A pending purchase that has no checkout yet (a hosted page moves it on; an invoice gives it crypto instructions). */
export const needsCheckout = (purchase: PurchaseView) =>
  purchase.status === 'pending' && purchase.checkoutUrl === null && purchase.crypto === null;

/**
 * Opens the provider's checkout for a pending purchase and records it. The purchase id is the
 * Idempotency-Key: asking again (a retried request after the provider was down) returns the same
 * checkout, never a second one. The request that just wrote the purchase decides on it as written
 * and saves it in one statement if it is still at that version; otherwise (someone moved it
 * meanwhile, or it is a replay) the decision is made again on the locked row.
 */
@Injectable()
export class CheckoutOpener {
  private readonly logger = new Logger(CheckoutOpener.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async open(buyerId: string, purchase: PurchaseView, written: PurchaseRecord | null = null): Promise<PurchaseView> {
    const returnPage = `${this.config.PUBLIC_URL}/checkout/return?purchase=${purchase.id}`;
    const checkout = await this.provider.createCheckout({
      reference: purchase.id,
      amountMinor: purchase.amountMinor,
      currency: purchase.currency,
      description: describePurchase(purchase),
      customerRef: buyerId,
      method: purchase.method,
      // Renewals charge the saved card without the fan.
      saveCard: purchase.kind === 'subscription',
      successUrl: returnPage,
      cancelUrl: `${returnPage}&cancelled=1`,
    });
    if (written) {
      const decision = openCheckout(written, checkout);
      if (decision.changed && (await this.purchases.saveIfUnchanged({ ...written, ...decision.purchase })))
        return opened(purchase, decision.purchase);
    }
    return this.purchases.transaction(async (em) => {
      const locked = await this.purchases.lock(em, purchase.id);
      if (!locked) throw new Error(`purchase ${purchase.id} vanished`);
      const decision = openCheckout(locked, checkout);
      if (decision.changed) await this.purchases.save(em, { ...locked, ...decision.purchase });
      else if (decision.refusal.code !== 'no_change')
        this.logger.warn(
          `purchase ${purchase.id}: checkout ${checkout.checkoutId} not recorded: ${decision.refusal.reason}`,
        );
      return opened(purchase, decision.changed ? decision.purchase : locked);
    });
  }
}

/** The purchase as the fan sees it once its checkout is recorded. */
const opened = (purchase: PurchaseView, now: PurchasePayment): PurchaseView => ({
  ...purchase,
  status: now.status,
  crypto: now.crypto,
  checkoutUrl: now.status === 'requires_action' ? now.checkoutUrl : null,
});
