import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { StoresPage } from './StoresPage';
import { CATEGORIES, config, json, LAZY_PAGE, requestsTo, serve, store } from '../../../test/serve';

const FIRST_PAGE = [
  store(),
  store({ slug: 'beat-lab', displayName: 'Beat Lab', tagline: null, categories: ['music'] }),
];

function renderStores(path = '/stores') {
  return renderRoutes(
    [
      { path: '/stores', element: <StoresPage /> },
      { path: '/stores/:slug', element: <p>Store page</p> },
      { path: '/sign-in', element: <p>Sign in page</p> },
    ],
    path,
  );
}

describe('/stores', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the pre-launch placeholder before launch and never asks for stores', async () => {
    const fetchMock = serve({ 'GET /api/config': config('prelaunch') });
    renderStores();
    expect(screen.getByRole('heading', { level: 1, name: 'Creator Stores Coming Soon' })).toBeTruthy();
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/config')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Creator Stores Coming Soon' })).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET /api/stores')).toHaveLength(0);
  });

  it('shows the directory in the live phase, with the adult-stores note for anonymous visitors', async () => {
    const fetchMock = serve({
      'GET /api/config': config('live'),
      'GET /api/categories': () => json({ items: CATEGORIES }),
      'GET /api/stores': () => json({ items: FIRST_PAGE, nextCursor: null }),
    });
    renderStores();
    const card = await screen.findByRole('link', { name: 'Jane Fit' }, LAZY_PAGE);
    expect(card.getAttribute('href')).toBe('/stores/jane-fit');
    expect(within(card).getByText('Home workouts that work')).toBeTruthy();
    expect(await within(card).findByText('Fitness')).toBeTruthy();
    expect(within(card).queryByText('18+')).toBeNull();
    expect(screen.getByRole('link', { name: 'Beat Lab' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Creator Stores' })).toBeTruthy();
    expect(screen.getByText('Adult stores (18+) appear here after you sign in.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(document.title).toBe('Creator Stores | Fanmint');

    const [request] = requestsTo(fetchMock, 'GET /api/stores');
    expect(request.url.searchParams.get('sort')).toBe('newest');
    expect(request.headers.get('Authorization')).toBeNull();
  });

  it('tells a signed-out visitor that adult stores match and need an account, instead of "No stores yet"', async () => {
    serve({
      'GET /api/config': config('live'),
      'GET /api/categories': () => json({ items: CATEGORIES }),
      'GET /api/stores': () => json({ items: [], nextCursor: null, adultStoresHidden: 2 }),
    });
    renderStores('/stores?category=fitness');
    expect(
      await screen.findByText(
        '2 stores here contain adult content (18+). Viewing NSFW stores here needs an account: sign in or sign up to see them.',
        {},
        LAZY_PAGE,
      ),
    ).toBeTruthy();
    expect(screen.queryByText('No stores yet')).toBeNull();
    expect(screen.queryByText('No stores match')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
  });

  it('shows adult stores with an 18+ badge to signed-in visitors, without the note', async () => {
    localStorage.setItem('token', 'user-token');
    const fetchMock = serve({
      'GET /api/config': config('live'),
      'GET /api/categories': () => json({ items: CATEGORIES }),
      'GET /api/stores': () =>
        json({
          items: [store({ slug: 'after-dark', displayName: 'After Dark', isNsfw: true, categories: ['adult-solo'] })],
          nextCursor: null,
        }),
    });
    renderStores();
    const card = await screen.findByRole('link', { name: 'After Dark (18+)' }, LAZY_PAGE);
    expect(within(card).getByText('18+')).toBeTruthy();
    expect(screen.queryByText('Adult stores (18+) appear here after you sign in.')).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/stores')[0].headers.get('Authorization')).toBe('Bearer user-token');
  });

  it('searches, sorts and loads more pages with the next cursor', async () => {
    const fetchMock = serve({
      'GET /api/config': config('live'),
      'GET /api/categories': () => json({ items: CATEGORIES }),
      'GET /api/stores': ({ url }) => {
        if (url.searchParams.get('cursor') === 'page-2') {
          return json({ items: [store({ slug: 'zed', displayName: 'Zed Studio' })], nextCursor: null });
        }
        if (url.searchParams.get('q') === 'beat') return json({ items: [FIRST_PAGE[1]], nextCursor: null });
        return json({ items: FIRST_PAGE, nextCursor: 'page-2' });
      },
    });
    const user = userEvent.setup();
    renderStores();

    await user.click(await screen.findByRole('button', { name: 'Load more' }, LAZY_PAGE));
    expect(await screen.findByRole('link', { name: 'Zed Studio' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Jane Fit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/stores').at(-1)!.url.searchParams.get('cursor')).toBe('page-2');

    await user.type(screen.getByRole('textbox', { name: 'Search stores' }), 'beat');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Jane Fit' })).toBeNull());
    expect(await screen.findByRole('link', { name: 'Beat Lab' })).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET /api/stores').at(-1)!.url.searchParams.get('q')).toBe('beat');

    await user.click(screen.getByRole('radio', { name: 'Name A–Z' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/stores').at(-1)!.url.searchParams.get('sort')).toBe('name'),
    );
    expect(requestsTo(fetchMock, 'GET /api/stores').at(-1)!.url.searchParams.get('q')).toBe('beat');
  });

  it('filters by the category in the address and asks anonymous visitors to sign in for an adult one', async () => {
    const fetchMock = serve({
      'GET /api/config': config('live'),
      'GET /api/categories': () => json({ items: CATEGORIES }),
      'GET /api/stores': ({ url }) =>
        url.searchParams.get('category') === 'adult-solo'
          ? json(
              {
                code: 'account_required',
                message: 'Sign in to browse this category. It contains adult content (18+).',
              },
              401,
            )
          : json({ items: FIRST_PAGE, nextCursor: null }),
    });
    renderStores('/stores?category=adult-solo');
    const message = await screen.findByText(
      'Sign in to browse this category. It contains adult content (18+).',
      {},
      LAZY_PAGE,
    );
    const panel = message.closest('div.mantine-Paper-root') as HTMLElement;
    expect(within(panel).getByRole('heading', { name: 'Adult category (18+)' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/sign-in');
    expect(within(panel).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/sign-up');
    expect(requestsTo(fetchMock, 'GET /api/stores')[0].url.searchParams.get('category')).toBe('adult-solo');
  });
});
