import type { EntitlementService } from '#app/entitlements';
import type { StoreVisitor } from '../domain/store-access.js';
import {
  REFERRAL_COMMISSION_PERCENT,
  type StoreCurrency,
  type StoreLayout,
  type StoreSettings,
  type StoreVisibility,
} from '../domain/store-settings.js';
import type { Store, StoreStatus } from '../entities/store.entity.js';
import { settingsOf } from '../entities/store-settings.mapping.js';
import type { SubscriptionView } from './subscriptions/subscription-view.js';

export interface StoreImages {
  bannerUrl: string | null;
  avatarUrl: string | null;
}

/**
 * A store's banner and avatar links for one visitor, from the entitlement service: an <img> sends no
 * bearer token, so an adult store's links are signed for those who may see its page (and null for others).
 */
export const storeImagesFor = (entitlements: EntitlementService, store: Store, visitor: StoreVisitor): StoreImages =>
  entitlements.storeImages(
    {
      actor: visitor.viewerId ? { id: visitor.viewerId, role: 'user', aal: 'aal1' } : null,
      ageChecked: visitor.ageChecked,
    },
    store,
  );

/** The owner's own images (store settings). */
export const ownerImages = (entitlements: EntitlementService, store: Store): StoreImages =>
  storeImagesFor(entitlements, store, { viewerId: store.ownerId, ageChecked: false });

/** The owner's view: every settings section, as the Store Settings page edits them. */
export interface StoreView extends Omit<StoreSettings, 'referrals'> {
  id: string;
  slug: string;
  status: StoreStatus;
  images: StoreImages;
  referrals: StoreSettings['referrals'] & { commissionPercent: number };
  createdAt: string;
  updatedAt: string;
}

/** A store's public profile: what fans see; no owner id, no defaults for unpublished content. */
export interface PublicStoreView {
  slug: string;
  displayName: string;
  tagline: string | null;
  description: string | null;
  accentColor: string;
  layout: StoreLayout;
  isNsfw: boolean;
  categories: string[];
  currency: StoreCurrency;
  allowDownloads: boolean;
  visibility: StoreVisibility;
  subscription: { enabled: boolean; priceMinor: number | null };
  tips: { enabled: boolean; minimumTipMinor: number | null };
  referrals: { enabled: boolean; commissionPercent: number };
  acceptsCollaborationRequests: boolean;
  createdAt: string;
  bannerUrl: string | null;
  avatarUrl: string | null;
  /** Published videos and albums; subscribers only when the creator shows the count (else null). */
  counts: { videos: number; albums: number; subscribers: number | null };
  /** The signed-in viewer is the store's creator: nothing to buy here. */
  isOwner: boolean;
  /** The signed-in viewer's subscription in a paid period (null otherwise): renews on, or ends on, its period end. */
  mySubscription: SubscriptionView | null;
  /** The signed-in viewer has the store in their favourites (false for anonymous viewers). */
  isFavorite: boolean;
  /** The signed-in viewer has a subscription to the store in a paid period (false for anonymous viewers). */
  isSubscribed: boolean;
}

/** One store in the public listing. */
export interface StoreSummary {
  slug: string;
  displayName: string;
  tagline: string | null;
  accentColor: string;
  isNsfw: boolean;
  categories: string[];
  createdAt: string;
}

export function toStoreView(store: Store, images: StoreImages): StoreView {
  const settings = settingsOf(store);
  return {
    id: store.id,
    slug: store.slug,
    status: store.status,
    images,
    ...settings,
    referrals: { ...settings.referrals, commissionPercent: REFERRAL_COMMISSION_PERCENT },
    createdAt: store.createdAt.toISOString(),
    updatedAt: store.updatedAt.toISOString(),
  };
}

export function toPublicStore(store: Store, counts: PublicStoreView['counts'], images: StoreImages): PublicStoreView {
  return {
    slug: store.slug,
    displayName: store.displayName,
    tagline: store.tagline,
    description: store.description,
    accentColor: store.accentColor,
    layout: store.layout,
    isNsfw: store.isNsfw,
    categories: [...store.categories],
    currency: store.currency,
    allowDownloads: store.allowDownloads,
    visibility: store.visibility,
    subscription: {
      enabled: store.subscriptionEnabled,
      priceMinor: store.subscriptionEnabled ? store.subscriptionPriceMinor : null,
    },
    tips: { enabled: store.tipsEnabled, minimumTipMinor: store.tipsEnabled ? store.minimumTipMinor : null },
    referrals: { enabled: store.referralsEnabled, commissionPercent: REFERRAL_COMMISSION_PERCENT },
    acceptsCollaborationRequests: store.acceptsCollaborationRequests,
    createdAt: store.createdAt.toISOString(),
    ...images,
    counts,
    isOwner: false,
    mySubscription: null,
    isFavorite: false,
    isSubscribed: false,
  };
}
