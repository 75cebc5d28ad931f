import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Clock, Outbox } from '#app/platform';
import type { PaymentEvent } from '../../payments/payment-provider.js';
import type { PurchaseKind, PurchaseStatus } from '../../queries/purchases/purchase-view.js';
import { HandlePaymentEventCommand, type PaymentEventOutcome } from './handle-payment-event.command.js';
import { activateSubscription, endSubscriptionAccess, markPastDue } from './subscription-effects.js';

export interface LockedPurchase {
  id: string;
  buyer_id: string;
  store_id: string;
  creator_id: string;
  kind: PurchaseKind;
  status: PurchaseStatus;
  amount_minor: string;
  currency: string;
  provider_payment_id: string;
  method: 'card' | 'crypto';
  content_title: string | null;
  subscription_id: string | null;
  period_start: Date | null;
  payment_method_ref: string | null;
  referrer_id: string | null;
  store_name: string;
}

/** Why an event does not belong to the purchase it names, or null when its payment, amount and currency are the purchase's. */
export function mismatchOf(purchase: Pick<LockedPurchase, 'provider_payment_id' | 'amount_minor' | 'currency'>, event: PaymentEvent): string | null {
  if (event.providerPaymentId !== purchase.provider_payment_id) return 'payment id differs';
  if (event.amountMinor !== Number(purchase.amount_minor)) return 'amount differs';
  if (event.currency !== purchase.currency) return 'currency differs';
  return null;
}

const describe = (purchase: LockedPurchase): string =>
  purchase.kind === 'content' ? `Purchase: ${purchase.content_title}` : purchase.kind === 'tip' ? `Tip to ${purchase.store_name}` : `Subscription to ${purchase.store_name}`;

/**
 * The provider's word on a payment. The event id is claimed in the same transaction as the change,
 * so a redelivered event, or two deliveries at once, change nothing twice; every money movement
 * goes to payouts as an outbox row in that same flush.
 */
@CommandHandler(HandlePaymentEventCommand)
export class HandlePaymentEventHandler implements ICommandHandler<HandlePaymentEventCommand> {
  private readonly logger = new Logger(HandlePaymentEventHandler.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  execute({ provider, event }: HandlePaymentEventCommand): Promise<PaymentEventOutcome> {
    return this.orm.em.fork().transactional(async (em) => {
      const claimed = await em.execute(
        `insert into payment_events (provider, event_id, type, reference, received_at) values (?, ?, ?, ?, ?) on conflict do nothing returning event_id`,
        [provider, event.id, event.type, event.reference, this.clock.now()],
      );
      if (claimed.length === 0) return 'duplicate';
      const [purchase] = await em.execute<LockedPurchase[]>(
        `select p.id, p.buyer_id, p.store_id, p.creator_id, p.kind, p.status, p.amount_minor, p.currency, p.provider_payment_id, p.method, p.content_title, p.subscription_id,
                p.period_start, p.payment_method_ref, p.referrer_id, s.display_name as store_name
           from purchases p join stores s on s.id = p.store_id
          where p.id = ?::uuid and p.provider = ? for update of p`,
        [/^[0-9a-f-]{36}$/.test(event.reference) ? event.reference : '00000000-0000-0000-0000-000000000000', provider],
      );
      if (!purchase) {
        this.logger.warn(`${provider} event ${event.id} names unknown purchase ${event.reference}`);
        return 'ignored';
      }
      const mismatch = mismatchOf(purchase, event);
      if (mismatch) {
        // A signed event about another payment, or another amount, is kept as refused and changes nothing.
        this.logger.warn(`${provider} event ${event.id} refused for purchase ${purchase.id}: ${mismatch}`);
        await em.execute(`update payment_events set refused_reason = ? where provider = ? and event_id = ?`, [mismatch, provider, event.id]);
        return 'refused';
      }
      const applied = await this.apply(em, purchase, event);
      return applied ? 'applied' : 'ignored';
    });
  }

  private async apply(em: EntityManager, purchase: LockedPurchase, event: PaymentEvent): Promise<boolean> {
    const at = event.occurredAt;
    switch (event.type) {
      case 'payment.succeeded': {
        if (purchase.status !== 'pending') return false;
        await em.execute(`update purchases set status = 'paid', paid_at = ? where id = ?`, [at, purchase.id]);
        if (purchase.kind === 'subscription') await activateSubscription(em, purchase, at);
        this.outbox.enqueue(em, 'payouts', 'post-sale', {
          saleId: purchase.id,
          creatorId: purchase.creator_id,
          referrerId: purchase.referrer_id,
          grossMinor: Number(purchase.amount_minor),
          currency: purchase.currency,
          rail: purchase.method === 'card' ? 'fiat' : 'token',
          kind: purchase.kind,
          description: describe(purchase),
          occurredAt: at.toISOString(),
        });
        this.outbox.enqueue(em, 'notifications', 'purchase-paid', { purchaseId: purchase.id });
        return true;
      }
      case 'payment.failed': {
        if (purchase.status !== 'pending') return false;
        await em.execute(`update purchases set status = 'failed', failure_reason = ? where id = ?`, [event.failureReason ?? 'The payment failed.', purchase.id]);
        if (purchase.subscription_id) await markPastDue(em, purchase, at);
        return true;
      }
      case 'payment.refunded':
      case 'payment.charged_back': {
        if (purchase.status !== 'paid') return false;
        const kind = event.type === 'payment.refunded' ? 'refund' : 'chargeback';
        await em.execute(`update purchases set status = ?, reversed_at = ? where id = ?`, [kind === 'refund' ? 'refunded' : 'charged_back', at, purchase.id]);
        if (purchase.kind === 'subscription') await endSubscriptionAccess(em, purchase, at);
        this.outbox.enqueue(em, 'payouts', 'post-reversal', { saleId: purchase.id, kind, eventId: event.id, occurredAt: at.toISOString() });
        if (kind === 'chargeback') this.outbox.enqueue(em, 'notifications', 'purchase-disputed', { purchaseId: purchase.id });
        return true;
      }
    }
  }
}
