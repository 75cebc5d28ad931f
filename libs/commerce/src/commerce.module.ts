import { Module } from '@nestjs/common';
import { PurchaseFactsHandler } from './queries/purchase-facts/purchase-facts.handler.js';
import { StoreAudienceFactsHandler } from './queries/purchase-facts/store-audience-facts.handler.js';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { OpenStoreHandler } from './commands/open-store/open-store.handler.js';
import { UpdateStoreSettingsHandler } from './commands/update-store-settings/update-store-settings.handler.js';
import { GetMyStoreHandler } from './queries/get-my-store/get-my-store.handler.js';
import { CheckSlugHandler } from './queries/check-slug/check-slug.handler.js';
import { ListStoresHandler } from './queries/list-stores/list-stores.handler.js';
import { GetPublicStoreHandler } from './queries/get-public-store/get-public-store.handler.js';
import { ListCategoriesHandler } from './queries/list-categories/list-categories.handler.js';
import { StoreContentHandler } from './queries/store-content/store-content.handler.js';
import { StoreNamesHandler } from './queries/store-names/store-names.handler.js';
import { StoreOwnerHandler } from './queries/store-owner/store-owner.handler.js';
import { FollowedStoresHandler, StoreVisitHandler } from './queries/store-visit/store-visit.handler.js';
import { FanRelationshipHandler } from './queries/fan-relationship/fan-relationship.handler.js';
import { AudienceCountHandler, AudiencePageHandler } from './queries/audience/audience.handler.js';
import { RequestStoreCollaborationHandler } from './commands/request-collaboration/request-collaboration.handler.js';
import { CategoriesController, StoresController } from './http/stores.controller.js';
import { LivePhaseGuard } from './http/live-phase.guard.js';
import { OptionalAuthGuard } from './http/optional-auth.guard.js';
import { AgeCheckCookie } from './http/age-check-cookie.js';
import { AgeCheckController } from './http/age-check.controller.js';
import { StoreImagesController } from './http/store-images.controller.js';
import { ChangeStoreImageHandler } from './commands/change-store-image/change-store-image.handler.js';
import { StoreImageHandler } from './queries/store-image/store-image.handler.js';
import { AgeCheckHandler, RecordAgeCheckHandler } from './commands/record-age-check/record-age-check.handler.js';
import { paymentProviders } from './payments/payment-provider.provider.js';
import { PurchaseHandler } from './commands/purchase/purchase.handler.js';
import { HandlePaymentEventHandler } from './commands/handle-payment-event/handle-payment-event.handler.js';
import { ManageSubscriptionHandler } from './commands/manage-subscription/manage-subscription.handler.js';
import { RefundPurchaseHandler } from './commands/refund-purchase/refund-purchase.handler.js';
import { SetFavoriteHandler } from './commands/favorites/favorites.handler.js';
import { CreateReferralLinkHandler } from './commands/referral-link/create-referral-link.handler.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';
import { SubscriptionViews } from './queries/subscriptions/subscriptions.read-model.js';
import { SubscriptionEffects } from './commands/handle-payment-event/subscription-effects.js';
import { EndAccountSubscriptions } from './commands/end-account-subscriptions/end-account-subscriptions.js';
import { PostgresSubscriptionRepository } from './repositories/postgres-subscription.repository.js';
import { SubscriptionRenewals } from './commands/renew-subscriptions/subscription-renewals.js';
import { ProviderRenewalPayments, RenewalPayments } from './commands/renew-subscriptions/renewal-payments.js';
import {
  ExportPurchasesHandler,
  GetPurchaseHandler,
  ListPurchasesHandler,
} from './queries/purchases/purchases.handler.js';
import { PurchasedContentHandler } from './queries/purchased-content/purchased-content.handler.js';
import { MySubscriptionsHandler } from './queries/subscriptions/my-subscriptions.handler.js';
import { MyFavoritesHandler } from './queries/favorites/favorites.handler.js';
import { CreatorActivityHandler } from './queries/creator-activity/creator-activity.handler.js';
import { MyReferralLinksHandler } from './queries/referral-links/referral-links.handler.js';
import { ExportSalesHandler, SalesHandler } from './queries/sales/sales.handler.js';
import { MessagePurchaseHandler } from './queries/message-purchase/message-purchase.handler.js';
import { UnlockedPostsHandler } from './queries/unlocked-posts/unlocked-posts.handler.js';
import { PurchasesController } from './http/purchases.controller.js';
import {
  FavoritesController,
  ReferralLinksController,
  SubscriptionsController,
} from './http/fan-features.controller.js';
import { SalesController } from './http/sales.controller.js';
import { AdminPaymentsController, PaymentWebhooksController } from './http/payments.controller.js';
import { ExpireCheckoutsJob, RenewSubscriptionsJob, ReturnPaymentJob } from './jobs/payments-jobs.js';
import { ReturnPayment } from './commands/return-payment/return-payment.js';
import { EndAccountSubscriptionsJob } from './commands/end-account-subscriptions/end-account-subscriptions.job.js';
import { purchaseRepositoryProvider } from './repositories/postgres-purchase.repository.js';
import { PaymentFacts } from './commands/handle-payment-event/apply-payment-fact.js';
import { CheckoutOpener } from './commands/purchase/open-checkout.js';
import { Takeovers } from './commands/purchase/take-over.js';
import { Replays } from './commands/purchase/replay.js';
import { SalePricing } from './commands/purchase/price-sale.js';
import { saleTermsProvider } from './queries/purchases/sale-terms.read-model.js';
import { MessageSales } from './commands/purchase/message-sale.js';
import { PostSales } from './commands/purchase/post-sale.js';
import { RefreshPurchaseHandler } from './commands/refresh-purchase/refresh-purchase.handler.js';
import { ExpireCheckouts } from './commands/expire-checkouts/expire-checkouts.js';
import {
  DeletePaymentMethodHandler,
  ListPaymentMethodsHandler,
} from './commands/manage-payment-methods/payment-methods.handler.js';
import { BillingController } from './http/billing.controller.js';
import { SellableItems } from './queries/sellable-items/sellable-items.read-model.js';
import { RecordSellableItem } from './commands/record-sellable-item/record-sellable-item.js';
import {
  ContentApprovedJob,
  ContentRemovedJob,
  ContentRestoredJob,
} from './commands/record-sellable-item/record-sellable-item.job.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { ListNotificationsHandler } from './notifications/list-notifications.handler.js';
import { MarkNotificationsReadHandler } from './notifications/mark-notifications-read.handler.js';
import { NotifyPurchase } from './notifications/notify-purchase.js';
import { PurchaseDisputedJob, PurchasePaidJob, PurchasePaidNoticeJob } from './notifications/notify-purchase.job.js';
import { CommerceOwners } from './review/commerce-owners.js';

/**
 * Commerce (SPEC §1, §2, §4, §9): creators' stores and the public directory; fans' purchases,
 * subscriptions, tips, favourites and referral links, paid through the PaymentProvider port.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [
    StoreImagesController,
    StoresController,
    AgeCheckController,
    CategoriesController,
    PurchasesController,
    SubscriptionsController,
    FavoritesController,
    ReferralLinksController,
    SalesController,
    BillingController,
    PaymentWebhooksController,
    AdminPaymentsController,
    NotificationsController,
  ],
  providers: [
    CommerceOwners,
    PurchaseFactsHandler,
    StoreAudienceFactsHandler,
    LivePhaseGuard,
    OptionalAuthGuard,
    AgeCheckCookie,
    ChangeStoreImageHandler,
    StoreImageHandler,
    RecordAgeCheckHandler,
    AgeCheckHandler,
    OpenStoreHandler,
    UpdateStoreSettingsHandler,
    GetMyStoreHandler,
    CreatorActivityHandler,
    CheckSlugHandler,
    ListStoresHandler,
    GetPublicStoreHandler,
    ListCategoriesHandler,
    StoreContentHandler,
    StoreNamesHandler,
    StoreOwnerHandler,
    StoreVisitHandler,
    FollowedStoresHandler,
    FanRelationshipHandler,
    AudiencePageHandler,
    AudienceCountHandler,
    RequestStoreCollaborationHandler,
    ...paymentProviders,
    purchaseRepositoryProvider,
    { provide: SubscriptionRepository, useClass: PostgresSubscriptionRepository },
    SubscriptionEffects,
    SubscriptionViews,
    PaymentFacts,
    CheckoutOpener,
    ExpireCheckouts,
    Takeovers,
    Replays,
    SalePricing,
    saleTermsProvider,
    MessageSales,
    PostSales,
    SellableItems,
    PurchaseHandler,
    RefreshPurchaseHandler,
    ListPaymentMethodsHandler,
    DeletePaymentMethodHandler,
    HandlePaymentEventHandler,
    ManageSubscriptionHandler,
    RefundPurchaseHandler,
    SetFavoriteHandler,
    CreateReferralLinkHandler,
    GetPurchaseHandler,
    ListPurchasesHandler,
    ExportPurchasesHandler,
    PurchasedContentHandler,
    MySubscriptionsHandler,
    MyFavoritesHandler,
    MyReferralLinksHandler,
    SalesHandler,
    ExportSalesHandler,
    UnlockedPostsHandler,
    ListNotificationsHandler,
    MarkNotificationsReadHandler,
  ],
  exports: [...paymentProviders],
})
export class CommerceModule {}

/**
 * The worker's half: subscription renewals, the expiry of abandoned checkouts, the sellable
 * items kept from content-moderation's events, and the receipts and creator notifications of
 * paid and disputed purchases.
 */
@Module({
  providers: [
    ...paymentProviders,
    purchaseRepositoryProvider,
    { provide: SubscriptionRepository, useClass: PostgresSubscriptionRepository },
    SubscriptionEffects,
    EndAccountSubscriptions,
    PaymentFacts,
    { provide: RenewalPayments, useClass: ProviderRenewalPayments },
    SubscriptionRenewals,
    ExpireCheckouts,
    RenewSubscriptionsJob,
    ExpireCheckoutsJob,
    ReturnPayment,
    ReturnPaymentJob,
    EndAccountSubscriptionsJob,
    RecordSellableItem,
    ContentApprovedJob,
    ContentRestoredJob,
    ContentRemovedJob,
    NotifyPurchase,
    PurchasePaidJob,
    PurchasePaidNoticeJob,
    PurchaseDisputedJob,
    StoreNamesHandler,
    AudiencePageHandler,
    AudienceCountHandler,
    MessagePurchaseHandler,
  ],
  exports: [...paymentProviders, SubscriptionRenewals, ExpireCheckouts],
})
export class CommerceJobsModule {}
