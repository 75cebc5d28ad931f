import type { FavoriteStoreDto, PurchaseDto, ReferralLinkDto, SubscriptionDto } from '@/features/purchases';

export const PURCHASE_ID = 'p0000000-0000-4000-8000-000000000001';

export const purchase = (overrides: Partial<PurchaseDto> = {}): PurchaseDto => ({
  id: PURCHASE_ID,
  kind: 'content',
  status: 'pending',
  amountMinor: 1299,
  currency: 'USD',
  method: 'card',
  storeSlug: 'jane-fit',
  storeName: 'Jane Fit',
  contentId: 'c0ffee00-0000-4000-8000-000000000001',
  contentTitle: 'Full body burn',
  contentKind: 'video',
  subscriptionId: null,
  failureReason: null,
  crypto: null,
  createdAt: '2026-11-03T10:00:00.000Z',
  paidAt: null,
  checkoutUrl: null,
  returnTo: '/stores/jane-fit',
  card: null,
  ...overrides,
});

/** With downloads, each file also has a download link (the store allows downloads). */
export const purchasedContent = (kind: 'video' | 'album' = 'video', downloads = false) => ({
  id: 'c0ffee00-0000-4000-8000-000000000001',
  title: 'Full body burn',
  kind,
  media:
    kind === 'video'
      ? [
          {
            id: 'm1',
            mediaType: 'video',
            number: 1,
            thumbnailUrl: '/media/thumb-1.jpg',
            fileUrl: '/media/file-1.mp4?sig=abc',
            downloadUrl: downloads ? '/api/media?token=dl-1' : null,
          },
        ]
      : [
          {
            id: 'p1',
            mediaType: 'image',
            number: 1,
            thumbnailUrl: '/media/t1.jpg',
            fileUrl: '/media/p1.jpg?sig=1',
            downloadUrl: downloads ? '/api/media?token=dl-p1' : null,
          },
          {
            id: 'p2',
            mediaType: 'image',
            number: 2,
            thumbnailUrl: '/media/t2.jpg',
            fileUrl: '/media/p2.jpg?sig=2',
            downloadUrl: downloads ? '/api/media?token=dl-p2' : null,
          },
        ],
});

export const subscription = (overrides: Partial<SubscriptionDto> = {}): SubscriptionDto => ({
  id: 's0000000-0000-4000-8000-000000000001',
  storeSlug: 'jane-fit',
  storeName: 'Jane Fit',
  status: 'active',
  autoRenew: true,
  currentPeriodEnd: '2026-12-03T10:00:00.000Z',
  priceMinor: 999,
  currency: 'USD',
  startedAt: '2026-11-03T10:00:00.000Z',
  ...overrides,
});

export const favorite = (overrides: Partial<FavoriteStoreDto> = {}): FavoriteStoreDto => ({
  storeSlug: 'jane-fit',
  displayName: 'Jane Fit',
  tagline: 'Home workouts that work',
  accentColor: '#3a9fbb',
  isNsfw: false,
  favoritedAt: '2026-11-03T10:00:00.000Z',
  ...overrides,
});

export const referralLink = (overrides: Partial<ReferralLinkDto> = {}): ReferralLinkDto => ({
  code: 'r3f2a9',
  url: 'http://localhost:5173/stores/jane-fit?ref=r3f2a9',
  contentId: 'album-1',
  contentTitle: 'Beach day',
  storeSlug: 'jane-fit',
  storeName: 'Jane Fit',
  createdAt: '2026-11-03T10:00:00.000Z',
  purchases: 3,
  earnedMinor: 75,
  currency: 'USD',
  ...overrides,
});
