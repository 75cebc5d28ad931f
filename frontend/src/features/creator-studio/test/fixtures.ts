import type { ContentItem, ContentMedia } from '../services/content.service';
import type { Store } from '../services/store.service';

export const CATEGORIES = [
  { slug: 'fitness', name: 'Fitness', nsfw: false, storeCount: 3 },
  { slug: 'lifestyle', name: 'Lifestyle', nsfw: false, storeCount: 1 },
  { slug: 'adult-solo', name: 'Adult: Solo', nsfw: true, storeCount: 2 },
];

export const VERIFIED = {
  status: 'accepted',
  verifiedAt: '2026-01-02T00:00:00Z',
  submittedAt: null,
  rejectionReason: null,
};
export const NOT_VERIFIED = { status: null, verifiedAt: null, submittedAt: null, rejectionReason: null };

export function storeFixture(overrides: Partial<Store> = {}): Store {
  return {
    id: '6f1c2a7e-0000-4000-8000-000000000001',
    slug: 'jane-fit',
    status: 'active',
    appearance: { displayName: 'Jane Fit', tagline: null, description: null, accentColor: '#a5529f', layout: 'grid' },
    content: { defaultVideoPriceMinor: 999, defaultAlbumPriceMinor: 1499, currency: 'USD', allowDownloads: false },
    access: {
      visibility: 'public',
      subscriptionEnabled: false,
      subscriptionPriceMinor: 999,
      showSubscriberCount: false,
    },
    images: { bannerUrl: null, avatarUrl: null },
    tips: { enabled: true, minimumTipMinor: 100 },
    referrals: { enabled: true, commissionPercent: 5 },
    collaboration: { acceptRequests: false },
    notifications: { emailSales: true },
    nsfw: { isNsfw: false, categories: ['fitness'] },
    createdAt: '2026-01-03T00:00:00Z',
    updatedAt: '2026-01-03T00:00:00Z',
    ...overrides,
  };
}

export function mediaFixture(overrides: Partial<ContentMedia> = {}): ContentMedia {
  return {
    id: 'media-1',
    mediaType: 'image',
    format: 'jpeg',
    originalName: 'beach.jpg',
    sizeBytes: 2048,
    status: 'ready',
    width: 1200,
    height: 800,
    durationSeconds: null,
    error: null,
    number: 1,
    thumbnailUrl: '/api/media?token=thumb-1',
    blurredUrl: null,
    previewUrl: null,
    fileUrl: '/api/media?token=file-1',
    ...overrides,
  };
}

export function itemFixture(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: '0b6c8a52-1111-4000-8000-000000000001',
    creatorId: 'creator-1',
    kind: 'album',
    title: 'Beach day',
    description: 'Summer photos',
    priceMinor: 1499,
    currency: 'USD',
    status: 'draft',
    rejectionReason: null,
    submittedAt: null,
    claimedBy: null,
    claimedAt: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: '2026-01-04T00:00:00Z',
    collaboratorIds: [],
    coverMediaId: null,
    teaser: 'blurred',
    teaserUrl: null,
    media: [],
    ...overrides,
  } as ContentItem;
}
