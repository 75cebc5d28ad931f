import { describe, expect, it } from '@jest/globals';
import {
  emailsCreator,
  formatMoney,
  itemOf,
  notificationSubject,
  notificationText,
  paidNotificationKind,
  type NotifiedPurchase,
} from './creator-notification.js';

const purchase = (overrides: Partial<NotifiedPurchase> = {}): NotifiedPurchase => ({
  buyerId: '6f1c2d3e-0000-4000-8000-00000000ab12',
  kind: 'content',
  contentTitle: 'Beach album',
  periodStart: null,
  amountMinor: 1499,
  currency: 'USD',
  storeName: 'Jane Fit',
  ...overrides,
});

describe('creator notifications', () => {
  it('names a first subscription payment a new subscriber and a later one a renewal, which is not emailed', () => {
    expect(paidNotificationKind(purchase())).toBe('sale');
    expect(paidNotificationKind(purchase({ kind: 'tip' }))).toBe('tip');
    // A paid message (unlocked, or a price per message) is a sale of that message, never a subscriber.
    expect(paidNotificationKind(purchase({ kind: 'message', contentTitle: 'Message: Jane' }))).toBe('sale');
    expect(paidNotificationKind(purchase({ kind: 'message_fee', contentTitle: 'Paid message to Jane' }))).toBe('sale');
    expect(itemOf(purchase({ kind: 'message', contentTitle: 'Message: Jane' }))).toBe('Message: Jane');
    // So is a post unlocked: the creator's dashboard counts it a sale, the receipt names the post's store.
    expect(paidNotificationKind(purchase({ kind: 'post', contentTitle: 'Post: Jane' }))).toBe('sale');
    expect(itemOf(purchase({ kind: 'post', contentTitle: 'Post: Jane' }))).toBe('Post: Jane');
    expect(paidNotificationKind(purchase({ kind: 'subscription' }))).toBe('subscriber');
    expect(
      paidNotificationKind(purchase({ kind: 'subscription', periodStart: new Date('2026-12-01T00:00:00Z') })),
    ).toBe('renewal');
    expect(['sale', 'tip', 'subscriber', 'chargeback'].every((kind) => emailsCreator(kind as never))).toBe(true);
    expect(emailsCreator('renewal')).toBe(false);
  });

  it('says who (masked), what and how much, in the currency of the sale', () => {
    expect(notificationText('sale', purchase())).toBe('fan••ab12 bought "Beach album" for $14.99');
    expect(notificationText('tip', purchase({ kind: 'tip', amountMinor: 500, currency: 'EUR' }))).toBe(
      'fan••ab12 sent you a €5.00 tip',
    );
    expect(notificationText('subscriber', purchase({ kind: 'subscription', amountMinor: 999, currency: 'GBP' }))).toBe(
      'fan••ab12 subscribed to your store for £9.99 a month',
    );
    expect(notificationText('chargeback', purchase({ kind: 'tip' }))).toBe(
      'Chargeback: fan••ab12 disputed Tip to Jane Fit ($14.99) with their bank',
    );
    expect(notificationSubject('subscriber', purchase({ amountMinor: 100_000 }))).toBe('New subscriber: $1,000.00');
  });

  it('names what was bought on a receipt', () => {
    expect(itemOf(purchase())).toBe('Beach album');
    expect(itemOf(purchase({ kind: 'subscription' }))).toBe('Monthly subscription to Jane Fit');
    expect(itemOf(purchase({ kind: 'tip' }))).toBe('Tip to Jane Fit');
    expect(formatMoney(1, 'USD')).toBe('$0.01');
  });
});
