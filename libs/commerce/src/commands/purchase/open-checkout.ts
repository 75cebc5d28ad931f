import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { describePurchase, openCheckout } from '../../domain/purchase.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.js';
import type { PurchaseView } from '../../queries/purchases/purchase-view.js';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';

/** A pending purchase that has no checkout yet (a hosted page moves it on; an invoice gives it crypto instructions). */
export const needsCheckout = (purchase: PurchaseView) => purchase.status === 'pending' && purchase.checkoutUrl === null && purchase.crypto === null;

/**
 * Opens the provider's checkout for a pending purchase and records it. The purchase id is the
 * Idempotency-Key: asking again (a retried request after the provider was down) returns the same
 * checkout, never a second one.
 */
@Injectable()
export class CheckoutOpener {
  private readonly logger = new Logger(CheckoutOpener.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async open(buyerId: string, purchase: PurchaseView): Promise<PurchaseView> {
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
    return this.orm.em.fork().transactional(async (em) => {
      const locked = await this.purchases.lock(em, purchase.id);
      if (!locked) throw new Error(`purchase ${purchase.id} vanished`);
      const decision = openCheckout(locked, checkout);
      if (decision.changed) await this.purchases.save(em, { ...locked, ...decision.purchase });
      else if (decision.refusal.code !== 'no_change') this.logger.warn(`purchase ${purchase.id}: checkout ${checkout.checkoutId} not recorded: ${decision.refusal.reason}`);
      const now = decision.changed ? decision.purchase : locked;
      return { ...purchase, status: now.status, crypto: now.crypto, checkoutUrl: now.status === 'requires_action' ? now.checkoutUrl : null };
    });
  }
}
