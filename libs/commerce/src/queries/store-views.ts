import { REFERRAL_COMMISSION_PERCENT, type StoreCurrency, type StoreLayout, type StoreSettings, type StoreVisibility } from '../domain/store-settings.js';
import type { Store, StoreStatus } from '../entities/store.entity.js';
import { settingsOf } from '../entities/store-settings.mapping.js';

/** The owner's view: every settings section, as the Store Settings page edits them. */
export interface StoreView extends Omit<StoreSettings, 'referrals'> {
  id: string;
  slug: string;
  status: StoreStatus;
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

export function toStoreView(store: Store): StoreView {
  const settings = settingsOf(store);
  return {
    id: store.id,
    slug: store.slug,
    status: store.status,
    ...settings,
    referrals: { ...settings.referrals, commissionPercent: REFERRAL_COMMISSION_PERCENT },
    createdAt: store.createdAt.toISOString(),
    updatedAt: store.updatedAt.toISOString(),
  };
}

export function toPublicStore(store: Store): PublicStoreView {
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
    subscription: { enabled: store.subscriptionEnabled, priceMinor: store.subscriptionEnabled ? store.subscriptionPriceMinor : null },
    tips: { enabled: store.tipsEnabled, minimumTipMinor: store.tipsEnabled ? store.minimumTipMinor : null },
    referrals: { enabled: store.referralsEnabled, commissionPercent: REFERRAL_COMMISSION_PERCENT },
    acceptsCollaborationRequests: store.acceptsCollaborationRequests,
    createdAt: store.createdAt.toISOString(),
    isFavorite: false,
    isSubscribed: false,
  };
}
