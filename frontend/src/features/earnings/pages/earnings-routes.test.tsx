import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { config, json, serve } from '../../../test/serve';
import { emptySales, statement } from '../test/fixtures';
import { BillingRoute, SalesRoute } from './earnings-routes';

const ROUTES = [
  ['/dashboard/sales', SalesRoute, 'Sales Dashboard', 'No sales yet'],
  ['/dashboard/billingandpayments', BillingRoute, 'Billing & Payments', 'Pending Balance'],
] as const;

function serveAll(phase: 'prelaunch' | 'live') {
  return serve({
    'GET /api/config': config(phase),
    'GET /api/sales': () => json(emptySales()),
    'GET /api/payouts/statement': () => json(statement()),
    'GET /api/payouts/transactions': () => json({ items: [], nextCursor: null }),
    'GET /api/payouts/history': () => json({ items: [] }),
    'GET /api/payouts/method': () => json(null),
  });
}

describe('earnings routes by launch phase', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(ROUTES)('%s shows the locked preview before launch', async (path, Route, title) => {
    const fetchMock = serveAll('prelaunch');
    renderAt(<Route />, path);
    expect(await screen.findByText('Available at launch')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/config']);
  });

  it.each(ROUTES)('%s shows the live page after launch', async (path, Route, title, live) => {
    serveAll('live');
    renderAt(<Route />, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(await screen.findAllByText(live)).not.toHaveLength(0);
    expect(screen.queryByText('Available at launch')).toBeNull();
  });
});
