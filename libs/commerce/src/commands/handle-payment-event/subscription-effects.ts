import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { activate, failRenewal, renew, revokeAccess, type Subscription } from '../../domain/subscription.js';
import type { PurchaseRecord } from '../../repositories/purchase.repository.js';
import { SubscriptionRepository, type SubscriptionTx } from '../../repositories/subscription.repository.js';

/**
 * What a subscription purchase's payment does to the subscription, in the transaction that
 * changes the purchase: each loads the subscription locked, asks the aggregate, saves what changed.
 */
@Injectable()
export class SubscriptionEffects {
  constructor(@Inject(SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  /**
   * A paid subscription charge: the first one starts (or restarts) the fan's subscription to the
   * store for a calendar month; a renewal extends the period it was charged for. Answers the
   * subscription's id, which the purchase keeps.
   */
  async paid(tx: SubscriptionTx, purchase: PurchaseRecord, paidAt: Date): Promise<string> {
    if (purchase.subscriptionId && purchase.periodStart) {
      const { periodStart } = purchase;
      await this.change(tx, purchase.subscriptionId, (subscription) => renew(subscription, periodStart, paidAt));
      return purchase.subscriptionId;
    }
    const existing = await this.subscriptions.lockForStore(tx, purchase.buyerId, purchase.storeId);
    const terms = {
      subscriberId: purchase.buyerId,
      storeId: purchase.storeId,
      creatorId: purchase.creatorId,
      priceMinor: purchase.amountMinor,
      currency: purchase.currency,
      method: purchase.method,
      paymentMethodRef: purchase.savedMethodRef ?? '',
    };
    const saved = await this.subscriptions.save(tx, activate(existing, randomUUID(), terms, paidAt));
    return saved.id;
  }

  /** A renewal that could not be charged: no access until the fan pays again. */
  async renewalDeclined(tx: SubscriptionTx, purchase: PurchaseRecord, at: Date): Promise<void> {
    const { subscriptionId, periodStart } = purchase;
    if (!subscriptionId || !periodStart) return;
    await this.change(tx, subscriptionId, (subscription) => failRenewal(subscription, periodStart, at));
  }

  /** A refunded or charged-back subscription payment ends access now and stops renewals. */
  async reversed(tx: SubscriptionTx, purchase: PurchaseRecord, at: Date): Promise<void> {
    if (!purchase.subscriptionId) return;
    await this.change(tx, purchase.subscriptionId, (subscription) => revokeAccess(subscription, at));
  }

  private async change(
    tx: SubscriptionTx,
    id: string,
    transition: (subscription: Subscription) => Subscription,
  ): Promise<void> {
    const current = await this.subscriptions.lock(tx, id);
    if (!current) return;
    const next = transition(current);
    if (next !== current) await this.subscriptions.save(tx, next);
  }
}
