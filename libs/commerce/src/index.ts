import { Store } from './entities/store.entity.js';
import { Migration20261122000700Stores } from './database/migrations/20261122000700-stores.migration.js';
import { Migration20261122001100Purchases } from './database/migrations/20261122001100-purchases.migration.js';
import { Migration20261122001300PurchasesHotStore } from './database/migrations/20261122001300-purchases-hot-store.migration.js';
import { Migration20261125101700PurchaseRequestHash } from './database/migrations/20261125101700-purchase-request-hash.migration.js';
import { Migration20261126100100SellableItems } from './database/migrations/20261126100100-sellable-items.migration.js';
import { Migration20261126100200SellableItemsBackfill } from './database/migrations/20261126100200-sellable-items-backfill.migration.js';
import { Migration20261126110000CreatorNotifications } from './database/migrations/20261126110000-creator-notifications.migration.js';
import { Migration20261127100000HostedCheckout } from './database/migrations/20261127100000-hosted-checkout.migration.js';
import { Migration20261128100000StoreProfile } from './database/migrations/20261128100000-store-profile.migration.js';

export { CommerceModule, CommerceJobsModule } from './commerce.module.js';
export { SubscriptionRenewals } from './commands/renew-subscriptions/subscription-renewals.js';
export { ExpireCheckouts } from './commands/expire-checkouts/expire-checkouts.js';
export { PAYMENT_PROVIDER, type PaymentProvider, type PaymentEvent } from './payments/payment-provider.js';
export const commerceEntities = [Store];
export const commerceMigrations = [Migration20261122000700Stores, Migration20261122001100Purchases, Migration20261122001300PurchasesHotStore, Migration20261125101700PurchaseRequestHash, Migration20261126100100SellableItems, Migration20261126100200SellableItemsBackfill, Migration20261126110000CreatorNotifications, Migration20261127100000HostedCheckout, Migration20261128100000StoreProfile];
