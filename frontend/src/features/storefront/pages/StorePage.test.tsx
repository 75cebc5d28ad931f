import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { AGE_CONFIRMED_KEY } from '../hooks/use-age-confirmation';
import { CATEGORIES, config, contentItem, json, publicStore, requestsTo, serve } from '../test/serve';
import { StorePage } from './StorePage';

const ADULT_MESSAGE = 'Sign in to view this store. It contains adult content (18+).';
const AGE_TEXT = 'This store contains adult content. You must be 18 or older.';

function renderStore(slug = 'jane-fit') {
  return renderRoutes(
    [
      { path: '/stores/:slug', element: <StorePage /> },
      { path: '/', element: <p>Home page</p> },
      { path: '/stores', element: <p>Store directory</p> },
    ],
    `/stores/${slug}`,
  );
}

const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');

function liveStore(profile: Record<string, unknown> = publicStore(), items = [contentItem()]) {
  return serve({
    'GET /api/config': config('live'),
    'GET /api/categories': () => json({ items: CATEGORIES }),
    'GET /api/stores/jane-fit': () => json(profile),
    'GET /api/stores/jane-fit/content': () => json({ items }),
  });
}

describe('/stores/:slug', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the store profile and its approved content with thumbnails, titles, prices and kinds', async () => {
    liveStore(publicStore(), [
      contentItem(),
      contentItem({
        id: 'album-1',
        kind: 'album',
        title: 'Beach day',
        priceMinor: 500,
        media: [
          { ...contentItem().media[0], id: 'p1', mediaType: 'image', thumbnailUrl: '/media/p1.jpg', durationSeconds: null },
          { ...contentItem().media[0], id: 'p2', mediaType: 'image', thumbnailUrl: '/media/p2.jpg', durationSeconds: null },
        ],
      }),
    ]);
    renderStore();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Fit' })).toBeTruthy();
    expect(screen.getByText('Home workouts that work')).toBeTruthy();
    expect(screen.getByText('Subscription $9.99/month')).toBeTruthy();

    const video = await screen.findByRole('article', { name: 'Full body burn' });
    expect(within(video).getByText('$12.99')).toBeTruthy();
    expect(within(video).getByText('Video · 12:34')).toBeTruthy();
    expect(video.querySelector('img')?.getAttribute('src')).toBe('/media/thumb-1.jpg');
    const album = screen.getByRole('article', { name: 'Beach day' });
    expect(within(album).getByText('$5.00')).toBeTruthy();
    expect(within(album).getByText('Album · 2 photos')).toBeTruthy();

    await waitFor(() => expect(document.title).toBe('Jane Fit | Fanmint'));
    expect(robots()).toBe('index, follow');
    expect(screen.queryByText(AGE_TEXT)).toBeNull();
  });

  it('asks for the age on an adult store first, loads nothing adult before, and remembers the answer', async () => {
    localStorage.setItem('token', 'user-token');
    const fetchMock = liveStore(publicStore({ isNsfw: true, categories: ['adult-solo'], displayName: 'After Dark' }));
    const user = userEvent.setup();
    const { unmount } = renderStore();

    expect(await screen.findByText(AGE_TEXT)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'After Dark' })).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/stores/jane-fit/content')).toHaveLength(0);
    await waitFor(() => expect(robots()).toBe('noindex, nofollow'));

    await user.click(screen.getByRole('button', { name: 'I am 18 or older' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'After Dark' })).toBeTruthy();
    expect(localStorage.getItem(AGE_CONFIRMED_KEY)).toBe('true');
    expect(await screen.findByRole('article', { name: 'Full body burn' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('After Dark | Fanmint'));
    expect(robots()).toBe('noindex, nofollow');

    unmount();
    renderStore();
    expect(await screen.findByRole('heading', { level: 1, name: 'After Dark' })).toBeTruthy();
    expect(screen.queryByText(AGE_TEXT)).toBeNull();
  });

  it('sends a visitor who leaves the age check home', async () => {
    localStorage.setItem('token', 'user-token');
    liveStore(publicStore({ isNsfw: true }));
    const user = userEvent.setup();
    const { router } = renderStore();
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(AGE_CONFIRMED_KEY)).toBeNull();
  });

  it('shows the account_required message with Sign In and Sign Up after the age check', async () => {
    const fetchMock = serve({
      'GET /api/config': config('live'),
      'GET /api/categories': () => json({ items: CATEGORIES }),
      'GET /api/stores/jane-fit': () => json({ code: 'account_required', message: ADULT_MESSAGE, error: 'Unauthorized' }, 401),
    });
    const user = userEvent.setup();
    renderStore();
    await user.click(await screen.findByRole('button', { name: 'I am 18 or older' }));
    expect(await screen.findByText(ADULT_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/sign-in');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/sign-up');
    expect(robots()).toBe('noindex, nofollow');
    expect(requestsTo(fetchMock, 'GET /api/stores/jane-fit')).toHaveLength(1);
  });

  it('skips straight to the message when the age was confirmed before', async () => {
    localStorage.setItem(AGE_CONFIRMED_KEY, 'true');
    serve({
      'GET /api/config': config('live'),
      'GET /api/stores/jane-fit': () => json({ code: 'account_required', message: ADULT_MESSAGE }, 401),
    });
    renderStore();
    expect(await screen.findByText(ADULT_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(AGE_TEXT)).toBeNull();
  });

  it('shows the not-found page for an unknown store', async () => {
    serve({
      'GET /api/config': config('live'),
      'GET /api/stores/nobody': () => json({ code: 'store_not_found', message: 'Store not found' }, 404),
    });
    renderStore('nobody');
    expect(await screen.findByRole('heading', { level: 1, name: '404 URL Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take me back home' })).toBeTruthy();
  });

  it('shows the stores placeholder before launch', async () => {
    const fetchMock = serve({ 'GET /api/config': config('prelaunch') });
    renderStore();
    expect(await screen.findByRole('heading', { level: 1, name: 'Creator Stores Coming Soon' })).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET /api/stores/jane-fit')).toHaveLength(0);
  });
});
