import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { CategoriesPage } from './CategoriesPage';
import { CATEGORIES, config, json, LAZY_PAGE, requestsTo, serve } from '../../../test/serve';

function renderCategories() {
  return renderRoutes(
    [
      { path: '/categories', element: <CategoriesPage /> },
      { path: '/stores', element: <p>Store directory</p> },
      { path: '/sign-in', element: <p>Sign in page</p> },
    ],
    '/categories',
  );
}

describe('/categories', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the pre-launch placeholder before launch', async () => {
    const fetchMock = serve({ 'GET /api/config': config('prelaunch') });
    renderCategories();
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/config')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Categories Coming Soon' })).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET /api/categories')).toHaveLength(0);
  });

  it('lists the categories with their store counts and marks adult ones 18+', async () => {
    serve({ 'GET /api/config': config('live'), 'GET /api/categories': () => json({ items: CATEGORIES }) });
    renderCategories();
    const fitness = await screen.findByRole('link', { name: 'Fitness, 2 stores' }, LAZY_PAGE);
    expect(fitness.getAttribute('href')).toBe('/stores?category=fitness');
    expect(screen.getByRole('link', { name: 'Music, 1 store' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gaming, No stores yet' })).toBeTruthy();
    const adultSection = screen.getByRole('region', { name: 'Adult categories (18+)' });
    const adult = within(adultSection).getByRole('button', { name: 'Adult: Solo (18+), 3 stores, sign in to browse' });
    expect(within(adult).getByText('18+')).toBeTruthy();
    expect(screen.getByText('Adult categories (18+) open after you sign in.')).toBeTruthy();
    expect(document.title).toBe('Content Categories | Fanmint');
  });

  it('asks a signed-out visitor to sign in when they open an adult category', async () => {
    serve({ 'GET /api/config': config('live'), 'GET /api/categories': () => json({ items: CATEGORIES }) });
    const user = userEvent.setup();
    const { router } = renderCategories();
    await user.click(await screen.findByRole('button', { name: /^Adult: Solo/ }, LAZY_PAGE));
    const dialog = await screen.findByRole('dialog', { name: 'Adult: Solo (18+)' });
    expect(within(dialog).getByText('Sign in to browse this category. It contains adult content (18+).')).toBeTruthy();
    await user.click(within(dialog).getByRole('link', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });

  it('links adult categories to their stores for signed-in visitors', async () => {
    localStorage.setItem('token', 'user-token');
    serve({ 'GET /api/config': config('live'), 'GET /api/categories': () => json({ items: CATEGORIES }) });
    renderCategories();
    const adult = await screen.findByRole('link', { name: 'Adult: Solo (18+), 3 stores' }, LAZY_PAGE);
    expect(adult.getAttribute('href')).toBe('/stores?category=adult-solo');
    expect(screen.queryByText('Adult categories (18+) open after you sign in.')).toBeNull();
  });
});
