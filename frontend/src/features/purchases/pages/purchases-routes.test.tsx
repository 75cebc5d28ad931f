import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { config, json, requestsTo, serve } from '../../../test/serve';
import { FanBillingRoute, PurchaseHistoryRoute } from './purchases-routes';

const renderRoute = () => renderRoutes([{ path: '*', element: <PurchaseHistoryRoute /> }], '/dashboard/purchases');

describe('purchases routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the working page in the live phase', async () => {
    serve({
      'GET /api/config': config('live'),
      'GET /api/purchases': () => json({ items: [], nextCursor: null }),
      'GET /api/subscriptions': () => json({ items: [] }),
    });
    renderRoute();
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('keeps the locked preview before launch and calls no commerce API', async () => {
    const fetchMock = serve({ 'GET /api/config': config('prelaunch') });
    renderRoute();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/config')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/purchases')).toHaveLength(0);
  });

  it('shows the fan’s cards and receipts at /dashboard/billing in the live phase, and the preview before', async () => {
    serve({
      'GET /api/config': config('live'),
      'GET /api/billing/payment-methods': () => json({ items: [] }),
      'GET /api/purchases': () => json({ items: [], nextCursor: null }),
    });
    const live = renderRoutes([{ path: '*', element: <FanBillingRoute /> }], '/dashboard/billing');
    expect(await screen.findByRole('heading', { name: 'Saved cards' })).toBeTruthy();
    live.unmount();

    const fetchMock = serve({ 'GET /api/config': config('prelaunch') });
    renderRoutes([{ path: '*', element: <FanBillingRoute /> }], '/dashboard/billing');
    expect(await screen.findByText('Available at launch')).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET /api/billing/payment-methods')).toHaveLength(0);
  });
});
