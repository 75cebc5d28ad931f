import type { StoreSettings } from '../domain/store-settings.js';
import type { Store } from './store.entity.js';

/** The settings sections of a stored store. */
export function settingsOf(store: Store): StoreSettings {
  return {
    appearance: {
      displayName: store.displayName,
      tagline: store.tagline,
      description: store.description,
      accentColor: store.accentColor,
      layout: store.layout,
    },
    content: {
      defaultVideoPriceMinor: store.defaultVideoPriceMinor,
      defaultAlbumPriceMinor: store.defaultAlbumPriceMinor,
      currency: store.currency,
      allowDownloads: store.allowDownloads,
    },
    access: {
      visibility: store.visibility,
      subscriptionEnabled: store.subscriptionEnabled,
      subscriptionPriceMinor: store.subscriptionPriceMinor,
      showSubscriberCount: store.showSubscriberCount,
    },
    tips: { enabled: store.tipsEnabled, minimumTipMinor: store.minimumTipMinor },
    referrals: { enabled: store.referralsEnabled },
    collaboration: { acceptRequests: store.acceptsCollaborationRequests },
    notifications: { emailSales: store.emailSales },
    nsfw: { isNsfw: store.isNsfw, categories: [...store.categories] },
  };
}

/** Copies checked settings onto the row. */
export function writeSettings(store: Store, settings: StoreSettings): void {
  const { appearance, content, access, tips, referrals, collaboration, notifications, nsfw } = settings;
  Object.assign(store, {
    displayName: appearance.displayName,
    tagline: appearance.tagline,
    description: appearance.description,
    accentColor: appearance.accentColor,
    layout: appearance.layout,
    defaultVideoPriceMinor: content.defaultVideoPriceMinor,
    defaultAlbumPriceMinor: content.defaultAlbumPriceMinor,
    currency: content.currency,
    allowDownloads: content.allowDownloads,
    visibility: access.visibility,
    subscriptionEnabled: access.subscriptionEnabled,
    subscriptionPriceMinor: access.subscriptionPriceMinor,
    showSubscriberCount: access.showSubscriberCount,
    tipsEnabled: tips.enabled,
    minimumTipMinor: tips.minimumTipMinor,
    referralsEnabled: referrals.enabled,
    acceptsCollaborationRequests: collaboration.acceptRequests,
    emailSales: notifications.emailSales,
    isNsfw: nsfw.isNsfw,
    categories: [...nsfw.categories],
  } satisfies Partial<Store>);
}
