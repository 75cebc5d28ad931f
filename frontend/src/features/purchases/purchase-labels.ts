import type { PaymentMethod, PurchaseKind, PurchaseStatus, SubscriptionStatus } from './services/purchase-types';

export const KIND_LABELS: Record<PurchaseKind, string> = { content: 'Content', subscription: 'Subscription', tip: 'Tip' };
export const KIND_COLORS: Record<PurchaseKind, string> = { content: 'fanmint', subscription: 'aqua', tip: 'grape' };

export const METHOD_LABELS: Record<PaymentMethod, string> = { card: 'Card', crypto: 'Crypto' };

export const STATUS_LABELS: Record<PurchaseStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  charged_back: 'Charged back',
};
export const STATUS_COLORS: Record<PurchaseStatus, string> = {
  pending: 'yellow',
  paid: 'green',
  failed: 'red',
  refunded: 'gray',
  charged_back: 'orange',
};

export const SUBSCRIPTION_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  expired: 'Expired',
  past_due: 'Payment due',
};
export const SUBSCRIPTION_COLORS: Record<SubscriptionStatus, string> = { active: 'green', cancelled: 'gray', expired: 'gray', past_due: 'orange' };

/** A date of the API (ISO) as the fan reads it, e.g. '3 Nov 2026'. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
}
