import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { renderRoutes } from '../../../test/render';
import { json, LAZY_PAGE, requestsTo, serve } from '../../../test/serve';
import { post } from '../test/fixtures';
import { FeedRoute } from './FeedRoute';

const { getSession, getAuthenticatorAssuranceLevel } = vi.hoisted(() => ({
  getSession: vi.fn(),
  getAuthenticatorAssuranceLevel: vi.fn(),
}));
vi.mock('../../../lib/auth-client', () => ({ auth: { getSession, mfa: { getAuthenticatorAssuranceLevel } } }));

const renderFeed = () =>
  renderRoutes(
    [
      { path: '/feed', element: <FeedRoute /> },
      { path: '/sign-in', element: <p>Sign-in page</p> },
      { path: '/stores', element: <p>Store directory</p> },
    ],
    '/feed',
  );

describe('/feed', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'fan-token');
    getSession.mockResolvedValue({ data: { session: { access_token: 'fan-token' } }, error: null });
    getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal1', nextLevel: 'aal1' },
      error: null,
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is the page the app routes /feed to', async () => {
    const leaf = matchRoutes(routes, '/feed')?.at(-1)?.route;
    const lazy = leaf?.lazy as () => Promise<{ Component: { displayName?: string } }>;
    expect((await lazy()).Component.displayName).toBe('WithQueryClient(FeedRoute)');
  });

  it('shows a fan the posts of the stores they follow, newest first, with Load more', async () => {
    const fetchMock = serve({
      'GET /api/feed': ({ url }) =>
        url.searchParams.get('cursor')
          ? json({ posts: [post({ id: 'p3', storeName: 'Bo', storeSlug: 'bo', text: 'Older' })], nextCursor: null })
          : json({ posts: [post({ id: 'p1' }), post({ id: 'p2', text: 'Second' })], nextCursor: 'next' }),
    });
    renderFeed();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your feed' }, LAZY_PAGE)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Posts' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(within(list).getByRole('link', { name: 'Bo' }).getAttribute('href')).toBe('/stores/bo');
    expect(requestsTo(fetchMock, 'GET /api/feed').map(({ url }) => url.searchParams.get('cursor'))).toEqual([
      null,
      'next',
    ]);
  });

  it('explains an empty feed and links to the store directory', async () => {
    serve({ 'GET /api/feed': () => json({ posts: [], nextCursor: null }) });
    renderFeed();
    expect(await screen.findByRole('heading', { name: 'Your feed is empty' }, LAZY_PAGE)).toBeTruthy();
    expect(screen.getByText(/Posts from the stores you follow or subscribe to show up here/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse stores' }).getAttribute('href')).toBe('/stores');
  });

  it('sends a signed-out visitor to sign in, and back to the feed after', async () => {
    window.localStorage.removeItem('token');
    const fetchMock = serve({});
    const { router } = renderFeed();
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/feed')}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a visitor whose stored session has ended to sign in', async () => {
    getSession.mockResolvedValue({ data: { session: null }, error: null });
    const fetchMock = serve({});
    renderFeed();
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET /api/feed')).toHaveLength(0);
  });
});
