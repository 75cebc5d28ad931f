export { type CheckoutTarget } from './components/checkout/checkout-target';
export { CheckoutModal } from './components/checkout/CheckoutModal';
export { ContentViewerModal } from './components/ContentViewerModal';
export { useFavoriteToggle } from './hooks/use-favorite-toggle';
export { useCreateReferralLink } from './hooks/use-purchase-queries';
export { openHostedCheckout, pendingCheckoutUrl } from './services/hosted-checkout';
export { findPaidPurchase, setAutoRenew } from './services/purchases.service';
export type { FavoriteStoreDto, PurchaseDto, ReferralLinkDto, SubscriptionDto } from './services/purchase-types';
