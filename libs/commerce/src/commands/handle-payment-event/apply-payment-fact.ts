import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Outbox } from '#app/platform';
import {
  applyPaymentFact,
  describePurchase,
  needsHoldings,
  type BuyerHoldings,
  type PurchaseDecision,
  type PurchaseEffect,
} from '../../domain/purchase.js';
import type { PaymentFact } from '../../payments/payment-provider.js';
import { PurchaseRepository, type PurchaseRecord } from '../../repositories/purchase.repository.js';
import { SubscriptionEffects } from './subscription-effects.js';

/** 'refused': not this purchase's payment (amount, currency or ids); 'ignored': nothing to change, or a move that makes no sense. */
export type PaymentFactOutcome = 'applied' | 'ignored' | 'refused';

export interface AppliedFact {
  outcome: PaymentFactOutcome;
  purchase: PurchaseRecord;
  /** Why nothing changed. */
  reason: string | null;
}

/**
 * Applies what the provider says about a payment (a webhook, a retrieve, a synchronous charge) to
 * its purchase through the aggregate, with everything that follows in the same transaction: the
 * subscription, and the outbox rows for payouts and notifications.
 */
@Injectable()
export class PaymentFacts {
  private readonly logger = new Logger(PaymentFacts.name);

  constructor(
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(SubscriptionEffects) private readonly subscriptions: SubscriptionEffects,
  ) {}

  /** In a transaction of its own: locks the purchase, applies the fact; null when there is no such purchase. */
  applyToPurchase(purchaseId: string, fact: PaymentFact): Promise<AppliedFact | null> {
    return this.purchases.transaction(async (em) => {
      const purchase = await this.purchases.lock(em, purchaseId);
      if (!purchase) return null;
      return this.apply(em, purchase, fact, null);
    });
  }

  /** In the caller's transaction, on a purchase it locked. */
  async apply(
    em: EntityManager,
    purchase: PurchaseRecord,
    fact: PaymentFact,
    eventId: string | null,
  ): Promise<AppliedFact> {
    const decision: PurchaseDecision = applyPaymentFact(
      purchase,
      fact,
      needsHoldings(purchase, fact) ? await this.holdings(em, purchase) : undefined,
    );
    if (!decision.changed) {
      if (decision.refusal.code !== 'no_change')
        this.logger.warn(
          `purchase ${purchase.id}: ${fact.type}${eventId ? ` (event ${eventId})` : ''} refused: ${decision.refusal.reason}`,
        );
      return {
        outcome: decision.refusal.code === 'mismatch' ? 'refused' : 'ignored',
        purchase,
        reason: decision.refusal.reason,
      };
    }
    const changed: PurchaseRecord = { ...purchase, ...decision.purchase };
    for (const effect of decision.effects) await this.follow(em, changed, effect, fact.occurredAt, decision.effects);
    await this.purchases.save(em, changed);
    return { outcome: 'applied', purchase: changed, reason: null };
  }

  /** What the buyer holds besides this purchase, read in the transaction that locked it (content_ownership's key guards the rest). */
  private async holdings(em: EntityManager, purchase: PurchaseRecord): Promise<BuyerHoldings> {
    return { itemHeldElsewhere: await this.purchases.heldElsewhere(em, purchase) };
  }

  /**
   * A purchase of a conversation's (a message unlocked, a price per message, a tip shown in a thread)
   * changed: messaging reads it as it is then and follows (message-purchase.job.ts in messaging).
   */
  private tellMessaging(em: EntityManager, purchase: PurchaseRecord): void {
    if (purchase.conversationId)
      this.outbox.enqueue(em, 'payments', 'message-purchase-changed', { purchaseId: purchase.id });
  }

  private async follow(
    em: EntityManager,
    purchase: PurchaseRecord,
    effect: PurchaseEffect,
    at: Date,
    all: PurchaseEffect[],
  ): Promise<void> {
    switch (effect) {
      case 'sale':
        // A duplicate sent back starts nothing: the newer purchase holds the subscription.
        if (purchase.kind === 'subscription' && !all.includes('return_payment'))
          purchase.subscriptionId = await this.subscriptions.paid(em, purchase, at);
        this.outbox.enqueue(em, 'payouts', 'post-sale', {
          saleId: purchase.id,
          creatorId: purchase.creatorId,
          referrerId: purchase.referrerId,
          grossMinor: purchase.amountMinor,
          currency: purchase.currency,
          rail: purchase.method === 'card' ? 'fiat' : 'token',
          kind: purchase.kind,
          description: describePurchase(purchase),
          occurredAt: at.toISOString(),
        });
        // A payment returned at once (a duplicate) is no sale to announce to the fan or the creator.
        if (!all.includes('return_payment'))
          this.outbox.enqueue(em, 'notifications', 'purchase-paid', { purchaseId: purchase.id });
        this.tellMessaging(em, purchase);
        return;
      case 'return_payment':
        this.outbox.enqueue(em, 'payments', 'return-payment', { purchaseId: purchase.id });
        return;
      case 'refund':
      case 'chargeback':
        if (purchase.kind === 'subscription') await this.subscriptions.reversed(em, purchase, at);
        // A purchase is reversed once: its id and the kind are the reversal's idempotency key in payouts.
        this.outbox.enqueue(em, 'payouts', 'post-reversal', {
          saleId: purchase.id,
          kind: effect,
          eventId: `${purchase.id}:${effect}`,
          occurredAt: at.toISOString(),
        });
        if (effect === 'chargeback')
          this.outbox.enqueue(em, 'notifications', 'purchase-disputed', { purchaseId: purchase.id });
        // A sale and its return in one decision (a duplicate payment) are told once, after both.
        if (!all.includes('sale')) this.tellMessaging(em, purchase);
        return;
      case 'dispute_won':
        // The chargeback's reversal is restored once: the purchase id is its idempotency key in payouts.
        this.outbox.enqueue(em, 'payouts', 'post-dispute-won', {
          saleId: purchase.id,
          eventId: `${purchase.id}:dispute_won`,
          occurredAt: at.toISOString(),
        });
        this.tellMessaging(em, purchase);
        return;
      case 'declined':
        await this.subscriptions.renewalDeclined(em, purchase, at);
        return;
    }
  }
}
