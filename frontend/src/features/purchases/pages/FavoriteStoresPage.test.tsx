import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, requestsTo, serve } from '../../../test/serve';
import { favorite } from '../../../test/purchase-fixtures';
import { FavoriteStoresPage } from './FavoriteStoresPage';

const renderPage = () => renderRoutes([{ path: '*', element: <FavoriteStoresPage /> }], '/dashboard/favorite-stores');

describe('My Favorite Stores', () => {
  beforeEach(() => localStorage.setItem('token', 'fan-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('links each favourite to its store and removes one with DELETE', async () => {
    let items = [favorite(), favorite({ storeSlug: 'night-owl', displayName: 'Night Owl', isNsfw: true })];
    const fetchMock = serve({
      'GET /api/favorites': () => json({ items }),
      'DELETE /api/favorites/night-owl': () => {
        items = items.filter((item) => item.storeSlug !== 'night-owl');
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect((await screen.findByRole('link', { name: 'Jane Fit' })).getAttribute('href')).toBe('/stores/jane-fit');
    expect(screen.getByRole('link', { name: 'Night Owl (18+)' }).getAttribute('href')).toBe('/stores/night-owl');
    await user.click(screen.getByRole('button', { name: 'Remove Night Owl from favourites' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Night Owl (18+)' })).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE /api/favorites/night-owl')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Jane Fit' })).toBeTruthy();
  });

  it('points to the stores when there are none', async () => {
    serve({ 'GET /api/favorites': () => json({ items: [] }) });
    renderPage();
    expect(await screen.findByText('No favourite stores yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse stores' }).getAttribute('href')).toBe('/stores');
  });
});
