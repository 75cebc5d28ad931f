import type { StoreVisibility } from '../domain/store-settings.js';
import type { PurchaseRecord } from './purchase.repository.js';

/** What the PostgreSQL adapter reads besides purchases (stores, sellable items, referral links, subscriptions), kept by the spec. */
export interface PurchaseCatalog {
  stores: {
    id: string;
    ownerId: string;
    slug: string;
    displayName: string;
    referralsEnabled: boolean;
    active: boolean;
    visibility: StoreVisibility;
  }[];
  items: {
    id: string;
    creatorId: string;
    kind: 'video' | 'album';
    title: string;
    priceMinor: number;
    currency: string;
    sellable: boolean;
  }[];
  referralLinks: { id: string; code: string; contentId: string; ownerId: string }[];
  /** Subscriptions in a paid period (active or cancelled) as `${subscriberId}:${storeId}`; `active` those still renewing. */
  liveSubscriptions: Set<string>;
  activeSubscriptions: Set<string>;
}

export const emptyCatalog = (): PurchaseCatalog => ({
  stores: [],
  items: [],
  referralLinks: [],
  liveSubscriptions: new Set(),
  activeSubscriptions: new Set(),
});

/** A new purchase's fields before what it sells is known: pending, nothing paid, version 1. */
type SoldFields = 'buyerId' | 'storeId' | 'creatorId' | 'storeSlug' | 'storeName' | 'kind' | 'method';

export function blankPurchase(id: string, createdAt: Date): Omit<PurchaseRecord, SoldFields> {
  return {
    id,
    status: 'pending',
    amountMinor: 0,
    currency: 'USD',
    contentId: null,
    contentTitle: null,
    contentKind: null,
    subscriptionId: null,
    periodStart: null,
    referrerId: null,
    messageId: null,
    messageCreatedAt: null,
    conversationId: null,
    postId: null,
    note: null,
    returnTo: null,
    requestHash: null,
    checkoutId: null,
    checkoutUrl: null,
    checkoutExpiresAt: null,
    crypto: null,
    providerPaymentId: null,
    savedMethodRef: null,
    card: null,
    failureReason: null,
    disputeStage: null,
    paidAt: null,
    reversedAt: null,
    createdAt,
    version: 1,
  };
}
