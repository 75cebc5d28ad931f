import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { CATEGORIES, config, contentItem, json, publicStore, requestsTo, serve } from '../../../test/serve';
import { StorePage } from './StorePage';

const LOADED = { timeout: 5000 };

/** A post of Jane Fit's as GET /api/stores/jane-fit/posts lists it. */
const storePost = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  storeSlug: 'jane-fit',
  storeName: 'Jane Fit',
  creatorId: 'owner-1',
  text: `Post ${id}`,
  audience: 'free',
  priceMinor: null,
  currency: 'USD',
  status: 'published',
  pinned: false,
  commentsEnabled: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  publishedAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  access: 'open',
  media: [],
  likes: 0,
  likedByMe: false,
  comments: 0,
  ...overrides,
});

const lockedPost = storePost('locked', {
  text: 'Subscribers get the full routine',
  audience: 'subscribers',
  access: 'subscribe',
  media: [
    {
      contentId: 'c1',
      kind: 'video',
      status: 'approved',
      files: [
        {
          mediaId: 'm1',
          type: 'video',
          thumbnailUrl: null,
          previewUrl: null,
          fileUrl: null,
          blurredUrl: '/api/media/m1/blurred',
        },
      ],
    },
  ],
});

function serveStore(posts: unknown[] | null, nextCursor: string | null = null) {
  return serve({
    'GET /api/config': config('live'),
    'GET /api/categories': () => json({ items: CATEGORIES }),
    'GET /api/stores/jane-fit': () => json(publicStore()),
    'GET /api/stores/jane-fit/content': () => json({ items: [contentItem()] }),
    ...(posts && {
      'GET /api/stores/jane-fit/posts': ({ url }: { url: URL }) =>
        url.searchParams.get('cursor')
          ? json({ posts: [storePost('older')], nextCursor: null })
          : json({ posts, nextCursor }),
    }),
  });
}

const renderStore = () =>
  renderRoutes(
    [
      { path: '/stores/:slug', element: <StorePage /> },
      { path: '/sign-up', element: <p>Sign-up page</p> },
    ],
    '/stores/jane-fit',
  );

describe("a store's Posts tab", () => {
  beforeEach(() => vi.stubGlobal('navigator', { ...navigator, language: 'en-US', languages: ['en-US'] }));
  afterEach(() => vi.unstubAllGlobals());

  it('opens on Posts when the store has posts (pinned first, Load more), and keeps the videos and albums a tab away', async () => {
    const fetchMock = serveStore([storePost('pinned', { pinned: true }), lockedPost], 'next');
    const user = userEvent.setup();
    renderStore();
    const postsTab = await screen.findByRole('tab', { name: 'Posts', selected: true }, LOADED);
    const list = await screen.findByRole('list', { name: 'Posts by Jane Fit' });
    const [pinned, locked] = within(list).getAllByRole('article');
    expect(within(pinned).getByText('Pinned')).toBeTruthy();
    expect(within(locked).getByText('Subscribers only')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Full body burn' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(
      requestsTo(fetchMock, 'GET /api/stores/jane-fit/posts').map(({ url }) => url.searchParams.get('cursor')),
    ).toEqual([null, 'next']);

    await user.click(screen.getByRole('tab', { name: 'Videos and albums' }));
    expect(await screen.findByRole('article', { name: 'Full body burn' })).toBeTruthy();
    expect(postsTab.getAttribute('aria-selected')).toBe('false');
  });

  it("sends a signed-out visitor from a subscribers-only post to the store's subscription, through sign-up", async () => {
    serveStore([lockedPost]);
    const { router } = renderStore();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Subscribe to see this post' }, LOADED));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/stores/jane-fit?buy=subscription');
  });

  it('opens on the videos and albums when the store has no posts, or they could not be loaded', async () => {
    serveStore([]);
    const user = userEvent.setup();
    const { unmount } = renderStore();
    expect(await screen.findByRole('article', { name: 'Full body burn' }, LOADED)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Videos and albums', selected: true })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    expect(await screen.findByText('No posts yet')).toBeTruthy();
    unmount();

    serveStore(null);
    renderStore();
    expect(await screen.findByRole('article', { name: 'Full body burn' }, LOADED)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    expect(await screen.findByText('Posts could not be loaded')).toBeTruthy();
  });
});
