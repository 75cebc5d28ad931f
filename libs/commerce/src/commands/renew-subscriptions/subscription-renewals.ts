import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { FindUserQuery } from '#app/identity';
import { describePurchase } from '../../domain/purchase.js';
import { PAYMENT_PROVIDER, PaymentProviderRefused, PaymentsUnavailable, type PaymentFact, type PaymentProvider } from '../../payments/payment-provider.js';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';
import { newPurchaseId } from '../../repositories/purchase-id.js';
import { PaymentFacts } from '../handle-payment-event/apply-payment-fact.js';

interface DueRow {
  id: string;
  subscriber_id: string;
  store_id: string;
  creator_id: string;
  store_name: string;
  price_minor: string;
  currency: string;
  method: 'card' | 'crypto';
  payment_method_ref: string;
  current_period_end: Date;
}

const BATCH = 100;

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
 * The renew-subscriptions job: subscriptions that will not renew end with their period (cancelled,
 * automatic renewal off, store closed, or the subscriber's account deleted); the others are charged
 * on their saved card, once per period. The renewal is a purchase whose Idempotency-Key names the
 * subscription and period, and the charge's key is that purchase's id, so a second run (or a run
 * after the provider was down) charges nobody twice.
 */
@Injectable()
export class SubscriptionRenewals {
  private readonly logger = new Logger(SubscriptionRenewals.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(PaymentFacts) private readonly facts: PaymentFacts,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async run(): Promise<{ expired: number; charged: number }> {
    const now = this.clock.now();
    const em = this.orm.em.fork();
    const expired = await em.execute<{ id: string }[]>(
      `update subscriptions sub set status = 'expired', updated_at = ?
         from stores s
        where s.id = sub.store_id and sub.status = 'active' and sub.current_period_end <= ?
          and (not sub.auto_renew or s.status <> 'active' or not s.subscription_enabled)
        returning sub.id`,
      [now, now],
    );
    let charged = 0;
    let deleted = 0;
    const unreachable = new Set<string>();
    for (;;) {
      // A renewal left pending (the provider could not be reached) is due again; one that settled is not.
      const due = await em.execute<DueRow[]>(
        `select sub.id, sub.subscriber_id, sub.store_id, sub.creator_id, s.display_name as store_name, sub.price_minor, sub.currency, sub.method, sub.payment_method_ref, sub.current_period_end
           from subscriptions sub join stores s on s.id = sub.store_id
          where sub.status = 'active' and sub.auto_renew and sub.current_period_end <= ?
            and not exists (select 1 from purchases p where p.subscription_id = sub.id and p.period_start = sub.current_period_end and p.status <> 'pending')
            and not (sub.id::text = any(string_to_array(?, ',')))
          order by sub.current_period_end limit ?`,
        [now, [...unreachable].join(','), BATCH],
      );
      for (const subscription of due) {
        if (!(await this.queries.execute(new FindUserQuery(subscription.subscriber_id)))) {
          // The account is gone: the subscription ends with its period, nobody is charged.
          await em.execute(`update subscriptions set status = 'expired', auto_renew = false, updated_at = ? where id = ? and status = 'active'`, [now, subscription.id]);
          deleted++;
          continue;
        }
        const outcome = await this.charge(subscription, now);
        if (outcome === 'charged') charged++;
        else if (outcome === 'unavailable') unreachable.add(subscription.id);
      }
      if (due.length < BATCH) break;
    }
    if (expired.length || deleted || charged || unreachable.size) {
      this.logger.log(`subscriptions: ${expired.length + deleted} expired (${deleted} of deleted accounts), ${charged} renewals charged, ${unreachable.size} left for the next run (provider unavailable)`);
    }
    return { expired: expired.length + deleted, charged };
  }

  /** Writes (or finds) the period's pending renewal, charges the saved card and applies the answer; the webhook that follows is a duplicate. */
  private async charge(subscription: DueRow, now: Date): Promise<'charged' | 'skipped' | 'unavailable'> {
    const amountMinor = Number(subscription.price_minor);
    const purchaseId = await this.purchases
      .placeRenewal(this.orm.em.fork(), {
        id: newPurchaseId(now),
        subscriberId: subscription.subscriber_id,
        storeId: subscription.store_id,
        creatorId: subscription.creator_id,
        subscriptionId: subscription.id,
        periodStart: new Date(subscription.current_period_end),
        amountMinor,
        currency: subscription.currency,
        method: subscription.method,
        savedMethodRef: subscription.payment_method_ref,
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
        customerRef: subscription.subscriber_id,
        savedMethodRef: subscription.payment_method_ref,
        amountMinor,
        currency: subscription.currency,
        description: describePurchase({ kind: 'subscription', contentTitle: null, storeName: subscription.store_name }),
      });
      await this.facts.applyToPurchase(purchaseId, fact);
      return 'charged';
    } catch (error) {
      if (error instanceof PaymentProviderRefused) {
        // No saved card to charge (removed by the fan, or a crypto subscription): the renewal fails, the subscription goes past due.
        await this.facts.applyToPurchase(purchaseId, refusedCharge(purchaseId, amountMinor, subscription.currency, now));
        return 'skipped';
      }
      if (!(error instanceof PaymentsUnavailable)) throw error;
      this.logger.warn(`renewal ${purchaseId} of subscription ${subscription.id}: ${error.problem}`);
      return 'unavailable';
    }
  }
}
