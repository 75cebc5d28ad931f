import type { SubscriptionStatus } from '../../domain/subscription.js';

export { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../domain/subscription.js';

export interface SubscriptionView {
  id: string;
  storeSlug: string;
  storeName: string;
  status: SubscriptionStatus;
  autoRenew: boolean;
  currentPeriodEnd: string;
  priceMinor: number;
  currency: string;
  startedAt: string;
}

export interface SubscriptionRow {
  id: string;
  store_slug: string;
  store_name: string;
  status: SubscriptionStatus;
  auto_renew: boolean;
  current_period_end: Date | string;
  price_minor: string;
  currency: string;
  started_at: Date | string;
}

export const toSubscriptionView = (row: SubscriptionRow): SubscriptionView => ({
  id: row.id,
  storeSlug: row.store_slug,
  storeName: row.store_name,
  status: row.status,
  autoRenew: row.auto_renew,
  currentPeriodEnd: new Date(row.current_period_end).toISOString(),
  priceMinor: Number(row.price_minor),
  currency: row.currency,
  startedAt: new Date(row.started_at).toISOString(),
});
