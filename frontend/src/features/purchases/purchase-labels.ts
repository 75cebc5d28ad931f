import type { PaymentMethod, PurchaseKind, PurchaseStatus, SubscriptionStatus } from './services/purchase-types';

export const KIND_LABELS: Record<PurchaseKind, string> = {
  content: 'Content',
  subscription: 'Subscription',
  tip: 'Tip',
  message: 'Message',
  message_fee: 'Paid message',
  post: 'Post',
};
export const KIND_COLORS: Record<PurchaseKind, string> = {
  content: 'fanmint',
  subscription: 'aqua',
  tip: 'grape',
  message: 'indigo',
  message_fee: 'indigo',
  post: 'pink',
};

export const METHOD_LABELS: Record<PaymentMethod, string> = { card: 'Card', crypto: 'Crypto' };

export const STATUS_LABELS: Record<PurchaseStatus, string> = {
  pending: 'Pending',
  requires_action: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
  charged_back: 'Charged back',
};
/** Payments that took money have a receipt (a chargeback is the bank's reversal of one, not a payment of ours). */
export const hasReceipt = (status: PurchaseStatus) => status === 'paid' || status === 'refunded';

export const STATUS_COLORS: Record<PurchaseStatus, string> = {
  pending: 'yellow',
  requires_action: 'yellow',
  paid: 'green',
  failed: 'red',
  expired: 'gray',
  refunded: 'gray',
  charged_back: 'orange',
};

export const SUBSCRIPTION_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  expired: 'Expired',
  past_due: 'Payment due',
};
export const SUBSCRIPTION_COLORS: Record<SubscriptionStatus, string> = {
  active: 'green',
  cancelled: 'gray',
  expired: 'gray',
  past_due: 'orange',
};

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** 'visa' → 'Visa'; a brand the acquirer names that we do not know is shown as 'Card'. */
export const cardBrandLabel = (brand: string) => CARD_BRANDS[brand.toLowerCase()] ?? 'Card';

/** 'Visa •••• 4242'. */
export const cardLabel = (card: { brand: string; last4: string }) => `${cardBrandLabel(card.brand)} •••• ${card.last4}`;

/** 3, 2029 → '03/29'. */
export const cardExpiry = (month: number, year: number) =>
  `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
