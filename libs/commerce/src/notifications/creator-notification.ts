import { maskBuyer } from '../domain/money.js';

export const CREATOR_NOTIFICATION_KINDS = ['sale', 'tip', 'subscriber', 'renewal', 'chargeback'] as const;
export type CreatorNotificationKind = (typeof CREATOR_NOTIFICATION_KINDS)[number];

/** What the notifications say about a purchase. */
export interface NotifiedPurchase {
  buyerId: string;
  kind: 'content' | 'subscription' | 'tip' | 'message' | 'message_fee' | 'post';
  /** For a message purchase: "Message: <store>" or "Paid message to <store>"; for a post: "Post: <store>". */
  contentTitle: string | null;
  /** A subscription charge for a later period of an existing subscription (set only on renewals). */
  periodStart: Date | null;
  amountMinor: number;
  currency: string;
  storeName: string;
}

/** The creator's entry for a paid purchase: a first subscription payment is a new subscriber, a later one a renewal. */
export function paidNotificationKind(
  purchase: Pick<NotifiedPurchase, 'kind' | 'periodStart'>,
): CreatorNotificationKind {
  if (purchase.kind === 'tip') return 'tip';
  // An item, a message or a post: a pay-per-view sale.
  if (['content', 'message', 'message_fee', 'post'].includes(purchase.kind)) return 'sale';
  return purchase.periodStart === null ? 'subscriber' : 'renewal';
}

/** A renewal is written to the dashboard but not emailed: creators hear about new money, not every month of it. */
export const emailsCreator = (kind: CreatorNotificationKind): boolean => kind !== 'renewal';

/** 1499 USD -> "$14.99" (amounts are integer minor units). */
export const formatMoney = (minor: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);

/** What was bought, as a receipt line names it. */
export function itemOf(purchase: Pick<NotifiedPurchase, 'kind' | 'contentTitle' | 'storeName'>): string {
  if (purchase.kind === 'content') return purchase.contentTitle ?? 'Content';
  if (purchase.kind === 'message' || purchase.kind === 'message_fee') return purchase.contentTitle ?? 'Message';
  if (purchase.kind === 'post') return purchase.contentTitle ?? 'Post';
  return purchase.kind === 'tip' ? `Tip to ${purchase.storeName}` : `Monthly subscription to ${purchase.storeName}`;
}

/** The one-line text of a creator's entry (the email's headline too). Buyers appear masked, as on the sales page. */
export function notificationText(kind: CreatorNotificationKind, purchase: NotifiedPurchase): string {
  const fan = maskBuyer(purchase.buyerId);
  const amount = formatMoney(purchase.amountMinor, purchase.currency);
  switch (kind) {
    case 'sale':
      return `${fan} bought "${purchase.contentTitle}" for ${amount}`;
    case 'tip':
      return `${fan} sent you a ${amount} tip`;
    case 'subscriber':
      return `${fan} subscribed to your store for ${amount} a month`;
    case 'renewal':
      return `${fan} renewed their subscription (${amount})`;
    case 'chargeback':
      return `Chargeback: ${fan} disputed ${itemOf(purchase)} (${amount}) with their bank`;
  }
}

const SUBJECTS: Record<CreatorNotificationKind, string> = {
  sale: 'New sale',
  tip: 'New tip',
  subscriber: 'New subscriber',
  renewal: 'Subscription renewed',
  chargeback: 'A sale was charged back',
};

export const notificationSubject = (kind: CreatorNotificationKind, purchase: NotifiedPurchase): string =>
  `${SUBJECTS[kind]}: ${formatMoney(purchase.amountMinor, purchase.currency)}`;
