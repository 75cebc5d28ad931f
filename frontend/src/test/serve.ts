import { vi } from 'vitest';

export interface Request {
  url: URL;
  init: RequestInit | undefined;
  /** The parsed JSON body, if any. */
  body: unknown;
  headers: Headers;
}

type Handler = (request: Request) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** fetch stub answering by "METHOD /path" (query string aside); unknown calls fail like an offline server. */
export function serve(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) return json({ message: `No handler for ${key}` }, 503);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler({ url, init, body, headers: new Headers(init?.headers) });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests the stub received for one "METHOD /path". */
export function requestsTo(fetchMock: ReturnType<typeof serve>, key: string): Request[] {
  return fetchMock.mock.calls
    .map(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return {
        key: `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`,
        url,
        init,
        headers: new Headers(init?.headers),
      };
    })
    .filter((call) => call.key === key)
    .map(({ url, init, headers }) => ({
      url,
      init,
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }));
}

/** The live pages load as their own chunk: the first look waits longer than findBy's default second. */
export const LAZY_PAGE = { timeout: 5000 };

export const config = (launchPhase: 'prelaunch' | 'live') => () => json({ launchPhase });

export const CATEGORIES = [
  { slug: 'fitness', name: 'Fitness', nsfw: false, storeCount: 2, adultStoreCount: 0 },
  { slug: 'music', name: 'Music', nsfw: false, storeCount: 1, adultStoreCount: 0 },
  { slug: 'gaming', name: 'Gaming', nsfw: false, storeCount: 0, adultStoreCount: 0 },
  { slug: 'adult-solo', name: 'Adult: Solo', nsfw: true, storeCount: 3, adultStoreCount: 3 },
];

export const store = (overrides: Record<string, unknown> = {}) => ({
  slug: 'jane-fit',
  displayName: 'Jane Fit',
  tagline: 'Home workouts that work',
  accentColor: '#3a9fbb',
  isNsfw: false,
  categories: ['fitness'],
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const publicStore = (overrides: Record<string, unknown> = {}) => ({
  ...store(),
  description: 'New routines every week.',
  layout: 'grid',
  currency: 'USD',
  allowDownloads: false,
  visibility: 'public',
  subscription: { enabled: true, priceMinor: 999 },
  tips: { enabled: true, minimumTipMinor: 200 },
  referrals: { enabled: true, commissionPercent: 5 },
  acceptsCollaborationRequests: false,
  bannerUrl: null,
  avatarUrl: null,
  counts: { videos: 1, albums: 0, subscribers: null },
  isOwner: false,
  mySubscription: null,
  isFavorite: false,
  isSubscribed: false,
  ...overrides,
});

export const contentItem = (overrides: Record<string, unknown> = {}) => ({
  id: 'c0ffee00-0000-4000-8000-000000000001',
  creatorId: 'owner-1',
  kind: 'video',
  title: 'Full body burn',
  description: '',
  priceMinor: 1299,
  currency: 'USD',
  status: 'approved',
  collaboratorIds: [],
  media: [
    {
      id: 'm1',
      mediaType: 'video',
      status: 'ready',
      thumbnailUrl: '/media/thumb-1.jpg',
      blurredUrl: '/api/media/m1/blurred',
      fileUrl: null,
      durationSeconds: 754,
      width: 1920,
      height: 1080,
      format: 'mp4',
      originalName: 'burn.mp4',
      sizeBytes: 1000,
      error: null,
    },
  ],
  claimedAt: null,
  claimedBy: null,
  decidedAt: null,
  decidedBy: null,
  rejectionReason: null,
  submittedAt: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  owned: false,
  purchaseId: null,
  locked: false,
  ...overrides,
});

/** An item as a visitor who may not open it gets it: the blurred preview only. */
export const lockedItem = (overrides: Record<string, unknown> = {}) =>
  contentItem({ locked: true, media: [{ ...contentItem().media[0], thumbnailUrl: null }], ...overrides });
