import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { CATEGORIES, config, contentItem, json, lockedItem, publicStore, requestsTo, serve } from '../../../test/serve';
import { StorePage } from './StorePage';

const AGE_REQUIRED = 'This store contains adult content (18+). Confirm you are 18 or older to view it.';
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
          {
            ...contentItem().media[0],
            id: 'p1',
            mediaType: 'image',
            thumbnailUrl: '/media/p1.jpg',
            durationSeconds: null,
          },
          {
            ...contentItem().media[0],
            id: 'p2',
            mediaType: 'image',
            thumbnailUrl: '/media/p2.jpg',
            durationSeconds: null,
          },
        ],
      }),
    ]);
    renderStore();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Fit' })).toBeTruthy();
    expect(screen.getByText('Home workouts that work')).toBeTruthy();
    expect(screen.getByText('Subscription $9.99/month · unlocks 1 video')).toBeTruthy();

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

  it('shows a stranger the store by its link after the age check: blurred, locked cards, and Buy leads to sign-up and back with the ref', async () => {
    let ageChecked = false;
    const adult = publicStore({
      isNsfw: true,
      categories: ['adult-solo'],
      displayName: 'After Dark',
      counts: { videos: 1, albums: 2, subscribers: 41 },
    });
    const fetchMock = serve({
      'GET /api/config': config('live'),
      'GET /api/categories': () => json({ items: CATEGORIES }),
      'GET /api/age-check': () => json({ confirmed: ageChecked, recordedAt: null }),
      'POST /api/age-check': () => {
        ageChecked = true;
        return json({ confirmed: true, recordedAt: null });
      },
      'GET /api/stores/jane-fit': () =>
        ageChecked ? json(adult) : json({ code: 'age_check_required', message: AGE_REQUIRED }, 401),
      'GET /api/stores/jane-fit/content': () =>
        ageChecked ? json({ items: [lockedItem()] }) : json({ code: 'age_check_required', message: AGE_REQUIRED }, 401),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/stores/:slug', element: <StorePage /> },
        { path: '/sign-up', element: <p>Sign-up page</p> },
      ],
      '/stores/jane-fit?ref=REF123',
    );

    expect(await screen.findByText(AGE_TEXT)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'After Dark' })).toBeNull();
    await waitFor(() => expect(robots()).toBe('noindex, nofollow'));
    await user.click(screen.getByRole('button', { name: 'I am 18 or older' }));
    expect(requestsTo(fetchMock, 'POST /api/age-check')).toHaveLength(1);

    expect(await screen.findByRole('heading', { level: 1, name: 'After Dark' })).toBeTruthy();
    expect(screen.getByText('1 video · 2 albums · 41 subscribers')).toBeTruthy();
    expect(screen.getByText('Subscription $9.99/month · unlocks 1 video and 2 albums')).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Full body burn' });
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/api/media/m1/blurred');
    expect(within(card).getByLabelText('Locked')).toBeTruthy();
    expect(within(card).getByText('$12.99')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Buy Full body burn' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    const back = `/stores/jane-fit?ref=REF123&buy=${contentItem().id}`;
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(back);
    expect(JSON.parse(localStorage.getItem('returnTo')!)).toMatchObject({ path: back });
  });

  it('asks a signed-in fan once and records it for the account; a recorded fan is not asked', async () => {
    localStorage.setItem('token', 'user-token');
    let recorded: string | null = null;
    serve({
      'GET /api/config': config('live'),
      'GET /api/categories': () => json({ items: CATEGORIES }),
      'GET /api/stores/jane-fit': () => json(publicStore({ isNsfw: true, displayName: 'After Dark' })),
      'GET /api/stores/jane-fit/content': () => json({ items: [contentItem()] }),
      'GET /api/age-check': () => json({ confirmed: recorded !== null, recordedAt: recorded }),
      'POST /api/age-check': () => {
        recorded = '2027-03-10T10:00:00.000Z';
        return json({ confirmed: true, recordedAt: recorded });
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderStore();
    expect(await screen.findByText(AGE_TEXT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I am 18 or older' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'After Dark' })).toBeTruthy();
    expect(recorded).not.toBeNull();

    unmount();
    renderStore();
    expect(await screen.findByRole('heading', { level: 1, name: 'After Dark' })).toBeTruthy();
    expect(screen.queryByText(AGE_TEXT)).toBeNull();
  });

  it('records for the account an age check this browser passed before signing in, without asking', async () => {
    localStorage.setItem('token', 'user-token');
    const fetchMock = serve({
      'GET /api/config': config('live'),
      'GET /api/categories': () => json({ items: CATEGORIES }),
      'GET /api/stores/jane-fit': () => json(publicStore({ isNsfw: true, displayName: 'After Dark' })),
      'GET /api/stores/jane-fit/content': () => json({ items: [contentItem()] }),
      'GET /api/age-check': () => json({ confirmed: true, recordedAt: null }),
      'POST /api/age-check': () => json({ confirmed: true, recordedAt: '2027-03-10T10:00:00.000Z' }),
    });
    renderStore();
    expect(await screen.findByRole('heading', { level: 1, name: 'After Dark' })).toBeTruthy();
    expect(screen.queryByText(AGE_TEXT)).toBeNull();
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/age-check')).toHaveLength(1));
  });

  it('sends a visitor who leaves the age check home', async () => {
    serve({
      'GET /api/config': config('live'),
      'GET /api/age-check': () => json({ confirmed: false, recordedAt: null }),
      'GET /api/stores/jane-fit': () => json({ code: 'age_check_required', message: AGE_REQUIRED }, 401),
    });
    const user = userEvent.setup();
    const { router } = renderStore();
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a subscriber when it renews, with cancel, items unlocked and no Subscribe button', async () => {
    localStorage.setItem('token', 'user-token');
    const subscription = {
      id: 'sub-1',
      storeSlug: 'jane-fit',
      storeName: 'Jane Fit',
      status: 'active',
      autoRenew: true,
      currentPeriodEnd: '2027-04-10T10:00:00.000Z',
      priceMinor: 999,
      currency: 'USD',
      startedAt: '2027-03-10T10:00:00.000Z',
    };
    let current = subscription;
    const fetchMock = serve({
      'GET /api/config': config('live'),
      'GET /api/categories': () => json({ items: CATEGORIES }),
      'GET /api/stores/jane-fit': () => json(publicStore({ isSubscribed: true, mySubscription: current })),
      'GET /api/stores/jane-fit/content': () => json({ items: [contentItem({ owned: true, purchaseId: 'p-1' })] }),
      'PATCH /api/subscriptions/sub-1': ({ body }) => {
        current = { ...subscription, autoRenew: (body as { autoRenew: boolean }).autoRenew };
        return json(current);
      },
    });
    const user = userEvent.setup();
    renderStore();
    const renews = `Subscribed · renews ${new Date(subscription.currentPeriodEnd).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}`;
    expect(await screen.findByText(renews)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Subscribe/ })).toBeNull();
    const card = await screen.findByRole('article', { name: 'Full body burn' });
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/thumb-1.jpg');
    expect(within(card).queryByLabelText('Locked')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Open Full body burn' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel renewal' }));
    expect(requestsTo(fetchMock, 'PATCH /api/subscriptions/sub-1')[0].body).toEqual({ autoRenew: false });
    expect(await screen.findByText(renews.replace('renews', 'ends'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText(renews)).toBeTruthy();
  });

  it("shows a fan the store's offers to buy and subscribe", async () => {
    localStorage.setItem('token', 'user-token');
    liveStore(publicStore(), [lockedItem()]);
    renderStore();
    expect(await screen.findByRole('button', { name: 'Subscribe · $9.99/month' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Full body burn' });
    expect(within(card).getByRole('button', { name: 'Buy Full body burn' })).toBeTruthy();
    expect(within(card).getByLabelText('Locked')).toBeTruthy();
  });

  it('shows the creator their own store with an edit link and nothing to buy', async () => {
    localStorage.setItem('token', 'user-token');
    liveStore(
      publicStore({
        isOwner: true,
        bannerUrl: '/api/stores/jane-fit/images/b.webp',
        avatarUrl: '/api/stores/jane-fit/images/a.webp',
      }),
    );
    renderStore();
    expect(await screen.findByText('This is your store: fans see it like this.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit store' }).getAttribute('href')).toBe('/dashboard/mystoresettings');
    expect(screen.queryByRole('button', { name: /^Subscribe/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a tip' })).toBeNull();
    const card = await screen.findByRole('article', { name: 'Full body burn' });
    expect(within(card).queryByRole('button', { name: /Buy/ })).toBeNull();
    expect(within(card).getByText('Your item')).toBeTruthy();
    expect(document.querySelector('header img')?.getAttribute('src')).toBe('/api/stores/jane-fit/images/b.webp');
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
