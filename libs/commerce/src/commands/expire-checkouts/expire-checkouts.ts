import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#app/platform';
import { expireAbandoned, OPEN_STATUSES } from '../../domain/purchase.js';
import {
  PAYMENT_PROVIDER,
  PaymentProviderRefused,
  PaymentsUnavailable,
  type PaymentProvider,
} from '../../payments/payment-provider.js';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';
import { PaymentFacts } from '../handle-payment-event/apply-payment-fact.js';

const BATCH = 200;

/** A checkout the provider does not know (404) took no payment: as good as nothing happened. */
const unknownIsNothing = (error: unknown): null => {
  if (error instanceof PaymentProviderRefused && error.providerStatus === 404) return null;
  throw error;
};

/**
 * The expire-checkouts job: a purchase still pending or waiting on the hosted page well after its
 * checkout's lifetime is asked about once more (so one paid meanwhile becomes paid, not expired),
 * then expired. Expiring releases nothing: no sale was booked, no subscription started.
 */
@Injectable()
export class ExpireCheckouts {
  private readonly logger = new Logger(ExpireCheckouts.name);

  constructor(
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(PaymentFacts) private readonly facts: PaymentFacts,
  ) {}

  async run(): Promise<{ expired: number; settled: number }> {
    const before = new Date(this.clock.now().getTime() - this.config.CHECKOUT_ABANDONED_AFTER_SECONDS * 1000);
    const ids = await this.purchases.openBefore(before, BATCH);
    let expired = 0;
    let settled = 0;
    for (const id of ids) {
      const outcome = await this.sweep(id);
      if (outcome === 'expired') expired++;
      else if (outcome === 'settled') settled++;
    }
    if (expired || settled)
      this.logger.log(`checkouts: ${expired} expired, ${settled} settled by the provider's answer`);
    return { expired, settled };
  }

  private async sweep(id: string): Promise<'expired' | 'settled' | 'kept'> {
    try {
      return await this.expire(id);
    } catch (error) {
      // Not knowing is no reason to expire: the next run asks again. One purchase the provider
      // refuses to talk about must not hold up the rest of the batch.
      if (error instanceof PaymentProviderRefused)
        this.logger.warn(`purchase ${id}: not expired, the provider refused to retrieve it: ${error.message}`);
      if (error instanceof PaymentsUnavailable || error instanceof PaymentProviderRefused) return 'kept';
      throw error;
    }
  }

  /**
   * One open purchase: asked about at the provider (a payment it took makes it paid, not expired),
   * then expired if it is still open. Throws PaymentsUnavailable when the provider cannot say.
   */
  async expire(id: string): Promise<'expired' | 'settled' | 'kept'> {
    const purchase = await this.purchases.find(id);
    if (!purchase || !OPEN_STATUSES.includes(purchase.status)) return 'kept';
    const fact = await this.provider.retrieve(purchase).catch(unknownIsNothing);
    if (fact && (await this.facts.applyToPurchase(id, fact))?.outcome === 'applied' && fact.type !== 'declined')
      return 'settled';
    return this.purchases.transaction(async (em) => {
      const locked = await this.purchases.lock(em, id);
      const decision = locked && expireAbandoned(locked);
      if (!locked || !decision?.changed) return 'kept';
      await this.purchases.save(em, { ...locked, ...decision.purchase });
      return 'expired';
    });
  }
}
