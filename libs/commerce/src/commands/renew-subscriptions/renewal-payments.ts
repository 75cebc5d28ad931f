import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { FindUserQuery } from '#app/identity';
import { describePurchase } from '../../domain/purchase.js';
import type { Subscription } from '../../domain/subscription.js';
import {
  PAYMENT_PROVIDER,
  PaymentProviderRefused,
  PaymentsUnavailable,
  type PaymentFact,
  type PaymentProvider,
} from '../../payments/payment-provider.js';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';
import { newPurchaseId } from '../../repositories/purchase-id.js';
import { PaymentFacts } from '../handle-payment-event/apply-payment-fact.js';

/** charged: the provider answered (paid or declined); skipped: nothing charged now; unavailable: try again next run. */
export type RenewalOutcome = 'charged' | 'skipped' | 'unavailable';

/** What the renewal job needs outside the subscription: whether the fan's account still exists, and the charge. */
export abstract class RenewalPayments {
  abstract accountExists(userId: string): Promise<boolean>;
  /** Charges the renewal of the subscription's current period; the subscription follows the payment's answer. */
  abstract charge(subscription: Subscription, storeName: string, at: Date): Promise<RenewalOutcome>;
}

const refusedCharge = (reference: string, amountMinor: number, currency: string, at: Date): PaymentFact => ({
  type: 'declined',
  reference,
  checkoutId: null,
  providerPaymentId: null,
  amountMinor,
  currency,
  card: null,
  savedMethodRef: null,
  failureReason: 'There is no saved card to renew with: subscribe again from the store.',
  final: true,
  disputeStage: null,
  occurredAt: at,
});

/**
 * A renewal is a purchase whose Idempotency-Key names the subscription and period, and the charge's
 * key is that purchase's id, so a second run (or a run after the provider was down) charges nobody
 * twice. The payment's answer reaches the subscription through PaymentFacts (SubscriptionEffects).
 */
@Injectable()
export class ProviderRenewalPayments extends RenewalPayments {
  private readonly logger = new Logger(ProviderRenewalPayments.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(PaymentFacts) private readonly facts: PaymentFacts,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {
    super();
  }

  async accountExists(userId: string): Promise<boolean> {
    return Boolean(await this.queries.execute(new FindUserQuery(userId)));
  }

  /** Writes (or finds) the period's pending renewal, charges the saved card and applies the answer; the webhook that follows is a duplicate. */
  async charge(subscription: Subscription, storeName: string, now: Date): Promise<RenewalOutcome> {
    const { priceMinor: amountMinor, currency } = subscription;
    const purchaseId = await this.purchases
      .placeRenewal(this.orm.em.fork(), {
        id: newPurchaseId(now),
        subscriberId: subscription.subscriberId,
        storeId: subscription.storeId,
        creatorId: subscription.creatorId,
        subscriptionId: subscription.id,
        periodStart: subscription.currentPeriodEnd,
        amountMinor,
        currency,
        method: subscription.method,
        savedMethodRef: subscription.paymentMethodRef,
        provider: this.provider.name,
        createdAt: now,
      })
      .catch((error: unknown) => {
        // The fan is paying for a new subscription of the store right now.
        if (/purchases_pending_subscription/.test(String(error))) return null;
        throw error;
      });
    if (!purchaseId) return 'skipped';
    try {
      const fact = await this.provider.chargeSavedMethod({
        reference: purchaseId,
        customerRef: subscription.subscriberId,
        savedMethodRef: subscription.paymentMethodRef,
        amountMinor,
        currency,
        description: describePurchase({ kind: 'subscription', contentTitle: null, storeName }),
      });
      await this.facts.applyToPurchase(purchaseId, fact);
      return 'charged';
    } catch (error) {
      if (error instanceof PaymentProviderRefused) {
        // No saved card to charge (removed by the fan, or a crypto subscription): the renewal fails, the subscription goes past due.
        await this.facts.applyToPurchase(purchaseId, refusedCharge(purchaseId, amountMinor, currency, now));
        return 'skipped';
      }
      if (!(error instanceof PaymentsUnavailable)) throw error;
      this.logger.warn(`renewal ${purchaseId} of subscription ${subscription.id}: ${error.problem}`);
      return 'unavailable';
    }
  }
}
