import type { CreatorSummary, DashboardSummary, FanSummary } from '../services/dashboard-summary.service';

export const emptyFan = (): FanSummary => ({ recentPurchases: [], subscriptions: [], favorites: [] });

export const fanSummary = (): FanSummary => ({
  recentPurchases: [
    {
      id: 'p-1',
      kind: 'content',
      status: 'paid',
      amountMinor: 1499,
      currency: 'EUR',
      method: 'card',
      storeSlug: 'jane-fit',
      storeName: 'Jane Fit',
      contentId: 'c-1',
      contentTitle: 'Beach album',
      contentKind: 'album',
      subscriptionId: null,
      failureReason: null,
      crypto: null,
      checkoutUrl: null,
      returnTo: null,
      card: { brand: 'visa', last4: '4242' },
      createdAt: '2026-03-03T10:00:00.000Z',
      paidAt: '2026-03-03T10:00:05.000Z',
    },
  ],
  subscriptions: [
    {
      id: 's-1',
      storeSlug: 'jane-fit',
      storeName: 'Jane Fit',
      status: 'active',
      autoRenew: true,
      currentPeriodEnd: '2026-04-03T10:00:00.000Z',
      priceMinor: 999,
      currency: 'EUR',
      startedAt: '2026-03-03T10:00:00.000Z',
    },
  ],
  favorites: [
    {
      storeSlug: 'jane-fit',
      displayName: 'Jane Fit',
      tagline: 'Home workouts that work',
      accentColor: '#3a9fbb',
      isNsfw: false,
      favoritedAt: '2026-03-01T10:00:00.000Z',
    },
  ],
});

export const creatorSummary = (overrides: Partial<CreatorSummary> = {}): CreatorSummary => ({
  currency: 'EUR',
  monthGrossMinor: 40_000,
  monthNetMinor: 30_000,
  pendingMinor: 30_000,
  currentMinor: 0,
  nextPayout: { on: '2026-04-30', amountMinor: 30_000 },
  schedule: 'held',
  heldUntil: '2026-07-02',
  payoutMethodSet: false,
  store: { slug: 'jane-fit', displayName: 'Jane Fit', currency: 'EUR' },
  newSubscribers: 4,
  activeSubscribers: 12,
  content: { inReview: 2, rejected: 1, approved: 9, drafts: 0 },
  ...overrides,
});

export const summary = (overrides: Partial<DashboardSummary> = {}): DashboardSummary => ({
  role: 'fan',
  verificationStatus: null,
  creator: null,
  fan: fanSummary(),
  ...overrides,
});
