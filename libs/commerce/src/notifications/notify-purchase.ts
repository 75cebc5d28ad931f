import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, Clock, Outbox, claimMessage, type AppConfig, type JobData } from '#app/platform';
import { FindUserQuery } from '#app/identity';
import { RealtimePublisher } from '#app/realtime';
import {
  emailsCreator,
  formatMoney,
  itemOf,
  notificationSubject,
  notificationText,
  paidNotificationKind,
  type CreatorNotificationKind,
  type NotifiedPurchase,
} from './creator-notification.js';
import { findNotifiedPurchase, type NotifiedPurchaseRow } from './notified-purchase.read-model.js';
import { insertCreatorNotification } from '../repositories/creator-notifications.repository.js';

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** How the receipt names the payment: the card as the acquirer reported it (brand and last four), or crypto. */
function paidWith(row: Pick<NotifiedPurchaseRow, 'method' | 'card_brand' | 'card_last4'>): string {
  if (row.method === 'crypto') return 'Crypto';
  if (!row.card_brand || !row.card_last4) return 'Card';
  return `${CARD_BRANDS[row.card_brand] ?? row.card_brand} •••• ${row.card_last4}`;
}

/** sent: this delivery wrote the entry and queued the emails; duplicate: an earlier one did; skipped: nothing to say. */
export type NotifyOutcome = 'sent' | 'duplicate' | 'skipped';

const CHARGEBACK_NOTE =
  "The fan's bank reversed this payment. Your share comes off your pending balance, or off your next payout if it was already paid out.";

const toNotified = (row: NotifiedPurchaseRow): NotifiedPurchase => ({
  buyerId: row.buyer_id,
  kind: row.kind,
  contentTitle: row.content_title,
  periodStart: row.period_start,
  amountMinor: Number(row.amount_minor),
  currency: row.currency,
  storeName: row.store_name,
});

/**
 * The consumers of notifications/purchase-paid and purchase-disputed. Each delivery is claimed in
 * the transaction that writes the creator's entry and queues the emails through the outbox, and the
 * entry is unique per purchase and kind: a redelivered job, or the same news sent twice, mails once.
 */
@Injectable()
export class NotifyPurchase {
  private readonly logger = new Logger(NotifyPurchase.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RealtimePublisher) private readonly live: RealtimePublisher,
  ) {}

  /**
   * The fan's receipt, and the creator's entry and email. A receipt is sent even if the payment was
   * reversed since: it happened. Their live notices are queued in the same transaction (announcePaid).
   */
  async paid(data: JobData<'notifications', 'purchase-paid'>): Promise<NotifyOutcome> {
    return this.orm.em.fork().transactional(async (em): Promise<NotifyOutcome> => {
      if (data.messageId && !(await claimMessage(em, 'commerce.purchase-paid', data.messageId))) return 'duplicate';
      const row = await findNotifiedPurchase(em, data.purchaseId);
      if (!row?.paid_at) {
        this.logger.warn(`purchase-paid for ${data.purchaseId}, which was never paid: nothing sent`);
        return 'skipped';
      }
      const purchase = toNotified(row);
      const kind = paidNotificationKind(purchase);
      if (!(await this.record(em, kind, row, purchase))) return 'duplicate';
      // Through the outbox, not after the commit: a worker lost between the two would have said nothing, and a retry finds 'duplicate'.
      this.outbox.enqueue(em, 'notifications', 'purchase-paid-notice', { purchaseId: row.id });
      const buyer = await this.queries.execute(new FindUserQuery(row.buyer_id));
      if (buyer) {
        this.outbox.enqueue(em, 'notifications', 'send-email', {
          to: buyer.email,
          template: 'purchase-receipt',
          variables: {
            amount: formatMoney(purchase.amountMinor, purchase.currency),
            currency: purchase.currency,
            item: itemOf(purchase),
            storeName: purchase.storeName,
            paidWith: paidWith(row),
            date: new Date(row.paid_at).toUTCString(),
            reference: row.id,
            receiptUrl: `${this.config.PUBLIC_URL}/dashboard/billing/receipts/${row.id}`,
          },
        });
      }
      if (emailsCreator(kind)) await this.mailCreator(em, kind, row, purchase);
      return 'sent';
    });
  }

  /**
   * The fan's purchase is paid, the creator has news (sale, subscriber, renewal, tip): read again and
   * published live. A failed publish throws, so the queue retries it; each event carries the outbox
   * message's id, by which a client drops the repeat of one it already showed.
   */
  async announcePaid(data: JobData<'notifications', 'purchase-paid-notice'>): Promise<'sent' | 'skipped'> {
    const row = await findNotifiedPurchase(this.orm.em.fork(), data.purchaseId);
    if (!row?.paid_at) return 'skipped';
    const purchase = toNotified(row);
    const kind = paidNotificationKind(purchase);
    const eventId = data.messageId ?? row.id;
    await this.live.publish(`user:${row.buyer_id}`, 'purchase.paid', { eventId, purchaseId: row.id, kind: row.kind });
    await this.live.publish(`user:${row.creator_id}`, 'creator.activity', {
      eventId,
      kind,
      purchaseId: row.id,
      text: notificationText(kind, purchase),
      amountMinor: Number(row.amount_minor),
      currency: row.currency,
    });
    return 'sent';
  }

  /** The creator's chargeback entry and email, naming the sale that was disputed. */
  disputed(data: JobData<'notifications', 'purchase-disputed'>): Promise<NotifyOutcome> {
    return this.orm.em.fork().transactional(async (em) => {
      if (data.messageId && !(await claimMessage(em, 'commerce.purchase-disputed', data.messageId))) return 'duplicate';
      const row = await findNotifiedPurchase(em, data.purchaseId);
      if (!row?.paid_at) return 'skipped';
      const purchase = toNotified(row);
      if (!(await this.record(em, 'chargeback', row, purchase))) return 'duplicate';
      await this.mailCreator(em, 'chargeback', row, purchase, CHARGEBACK_NOTE);
      return 'sent';
    });
  }

  /** Writes the creator's entry; false when this purchase already has its entry of that kind. */
  private async record(
    em: EntityManager,
    kind: CreatorNotificationKind,
    row: NotifiedPurchaseRow,
    purchase: NotifiedPurchase,
  ): Promise<boolean> {
    return insertCreatorNotification(em, {
      userId: row.creator_id,
      kind,
      purchaseId: row.id,
      purchaseCreatedAt: row.purchase_created_at,
      text: notificationText(kind, purchase),
      message: kind === 'tip' ? row.message : null,
      amountMinor: purchase.amountMinor,
      currency: purchase.currency,
      createdAt: this.clock.now(),
    });
  }

  private async mailCreator(
    em: EntityManager,
    kind: CreatorNotificationKind,
    row: NotifiedPurchaseRow,
    purchase: NotifiedPurchase,
    note = '',
  ): Promise<void> {
    if (!row.email_sales) return;
    const creator = await this.queries.execute(new FindUserQuery(row.creator_id));
    if (!creator) return;
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to: creator.email,
      template: 'creator-activity',
      variables: {
        subject: notificationSubject(kind, purchase),
        text: notificationText(kind, purchase),
        message: kind === 'tip' ? (row.message ?? '') : '',
        note,
        salesUrl: `${this.config.PUBLIC_URL}/dashboard/sales`,
      },
    });
  }
}
