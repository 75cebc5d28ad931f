import { Store } from './entities/store.entity.js';
import { Migration20261122000700Stores } from './database/migrations/20261122000700-stores.migration.js';
import { Migration20261122001100Purchases } from './database/migrations/20261122001100-purchases.migration.js';
import { Migration20261122001300PurchasesHotStore } from './database/migrations/20261122001300-purchases-hot-store.migration.js';
import { Migration20261125101700PurchaseRequestHash } from './database/migrations/20261125101700-purchase-request-hash.migration.js';
import { Migration20261126100100SellableItems } from './database/migrations/20261126100100-sellable-items.migration.js';
import { Migration20261126100200SellableItemsBackfill } from './database/migrations/20261126100200-sellable-items-backfill.migration.js';
import { Migration20261126110000CreatorNotifications } from './database/migrations/20261126110000-creator-notifications.migration.js';
import { Migration20261127100000HostedCheckout } from './database/migrations/20261127100000-hosted-checkout.migration.js';
import { Migration20261127110000PurchaseVersion } from './database/migrations/20261127110000-purchase-version.migration.js';
import { Migration20261128100000StoreProfile } from './database/migrations/20261128100000-store-profile.migration.js';
import { Migration20261202110000PurchasesPartitions } from './database/migrations/20261202110000-purchases-partitions.migration.js';
import { Migration20261203110000PurchasesBySubscription } from './database/migrations/20261203110000-purchases-by-subscription.migration.js';
import { Migration20261205100100AudienceIndexes } from './database/migrations/20261205100100-audience-indexes.migration.js';
import { Migration20261205110000MessagePurchases } from './database/migrations/20261205110000-message-purchases.migration.js';
import { Migration20261207190000PostPurchases } from './database/migrations/20261207190000-post-purchases.migration.js';

export { CommerceModule, CommerceJobsModule } from './commerce.module.js';
export { ListPurchasesQuery, ExportPurchasesQuery } from './queries/purchases/purchases.query.js';
export { MySubscriptionsQuery } from './queries/subscriptions/my-subscriptions.query.js';
export { SubscriptionRenewals } from './commands/renew-subscriptions/subscription-renewals.js';
export { ExpireCheckouts } from './commands/expire-checkouts/expire-checkouts.js';
/** Commerce's writer of purchases: exported for its own tests; other modules go through commands. */
export { PurchaseRepository } from './repositories/purchase.repository.js';
export { PostgresPurchaseRepository } from './repositories/postgres-purchase.repository.js';
export { CreatorActivityQuery, type CreatorActivityView } from './queries/creator-activity/creator-activity.query.js';
export type { PurchaseView } from './queries/purchases/purchase-view.js';
export type { SubscriptionView } from './queries/subscriptions/subscription-view.js';
export { MyFavoritesQuery, type FavoriteView } from './queries/favorites/favorites.query.js';
export { FavoriteDto, SubscriptionDto } from './http/fan-features.dto.js';
export { PurchaseDto } from './http/purchases.dto.js';
export { PAYMENT_PROVIDER, type PaymentProvider, type PaymentEvent } from './payments/payment-provider.js';
export const commerceEntities = [Store];
export const commerceMigrations = [
  Migration20261122000700Stores,
  Migration20261122001100Purchases,
  Migration20261122001300PurchasesHotStore,
  Migration20261125101700PurchaseRequestHash,
  Migration20261126100100SellableItems,
  Migration20261126100200SellableItemsBackfill,
  Migration20261126110000CreatorNotifications,
  Migration20261127100000HostedCheckout,
  Migration20261127110000PurchaseVersion,
  Migration20261128100000StoreProfile,
  Migration20261202110000PurchasesPartitions,
  Migration20261203110000PurchasesBySubscription,
  Migration20261205100100AudienceIndexes,
  Migration20261205110000MessagePurchases,
  Migration20261207190000PostPurchases,
];
export { OpenStoreCommand } from './commands/open-store/open-store.command.js';
export { UpdateStoreSettingsCommand } from './commands/update-store-settings/update-store-settings.command.js';
export { SetFavoriteCommand } from './commands/favorites/favorites.command.js';
export { PurchaseCommand } from './commands/purchase/purchase.command.js';
export { RefreshPurchaseCommand } from './commands/refresh-purchase/refresh-purchase.command.js';
export { GetMyStoreQuery } from './queries/get-my-store/get-my-store.query.js';
export { ChangeStoreImageCommand } from './commands/change-store-image/change-store-image.command.js';
export { SellableItems } from './queries/sellable-items/sellable-items.read-model.js';
export { StoreOwnerQuery, type StoreOwnerView } from './queries/store-owner/store-owner.query.js';
export {
  StoreVisitQuery,
  FollowedStoresQuery,
  type StoreVisitView,
  type FollowedStoreView,
} from './queries/store-visit/store-visit.query.js';
export type { StoreVisitor } from './domain/store-access.js';
export { FanRelationshipQuery, type FanRelationshipView } from './queries/fan-relationship/fan-relationship.query.js';
export {
  AudiencePageQuery,
  AudienceCountQuery,
  AUDIENCE_SEGMENTS,
  type AudienceSegment,
  type AudienceSelector,
} from './queries/audience/audience.query.js';
export {
  MessageOfferQuery,
  TipConversationQuery,
  ConversationBlockQuery,
  MessagePurchaseQuery,
  type MessageOffer,
  type MessageOfferAnswer,
  type MessagePurchase,
} from './ports/message-offers.js';
export { PostOfferQuery, UnlockedPostsQuery, type PostOffer, type PostOfferAnswer } from './ports/post-offers.js';
/** The public routes' guards (signed in or not, the age-check cookie, the live phase), for modules that show stores' posts. */
export { OptionalAuthGuard, Viewer, AgeChecked } from './http/optional-auth.guard.js';
export { AgeCheckCookie } from './http/age-check-cookie.js';
export { LivePhaseGuard } from './http/live-phase.guard.js';
