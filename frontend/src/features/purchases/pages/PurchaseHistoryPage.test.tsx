import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, requestsTo, serve } from '../../../test/serve';
import { purchase, purchasedContent, PURCHASE_ID, subscription } from '../../../test/purchase-fixtures';
import { PurchaseHistoryPage } from './PurchaseHistoryPage';

type Handlers = Parameters<typeof serve>[0];

const renderPage = () =>
  renderRoutes([{ path: '/dashboard/purchases', element: <PurchaseHistoryPage /> }], '/dashboard/purchases');

function history(extra: Handlers = {}) {
  return serve({
    'GET /api/purchases': ({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? json({
            items: [purchase({ id: 'old', contentTitle: 'Old album', contentKind: 'album', status: 'refunded' })],
            nextCursor: null,
          })
        : json({
            items: [
              purchase({ status: 'paid' }),
              purchase({
                id: 'sub',
                kind: 'subscription',
                contentId: null,
                contentTitle: null,
                contentKind: null,
                amountMinor: 999,
                status: 'paid',
              }),
              purchase({
                id: 'tip',
                kind: 'tip',
                contentId: null,
                contentTitle: null,
                contentKind: null,
                amountMinor: 500,
                currency: 'EUR',
                method: 'crypto',
                status: 'failed',
              }),
            ],
            nextCursor: 'page-2',
          }),
    'GET /api/subscriptions': () => json({ items: [subscription()] }),
    ...extra,
  });
}

describe('Purchase History', () => {
  beforeEach(() => localStorage.setItem('token', 'fan-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists purchases with kind, amount, method and status, loads more with the cursor, and opens paid content', async () => {
    const fetchMock = history({ [`GET /api/purchases/${PURCHASE_ID}/content`]: () => json(purchasedContent('album')) });
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]).getByText('Full body burn')).toBeTruthy();
    expect(within(rows[1]).getByText('Content')).toBeTruthy();
    expect(within(rows[1]).getByText('$12.99')).toBeTruthy();
    expect(within(rows[1]).getByText('Paid')).toBeTruthy();
    expect(within(rows[2]).getByText('Subscription')).toBeTruthy();
    expect(within(rows[2]).queryByRole('button', { name: /Open/ })).toBeNull();
    expect(within(rows[3]).getByText('€5.00')).toBeTruthy();
    expect(within(rows[3]).getByText('Crypto')).toBeTruthy();
    expect(within(rows[3]).getByText('Failed')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Old album')).toBeTruthy();
    expect(within(table).getByText('Refunded')).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET /api/purchases').at(-1)?.url.searchParams.get('cursor')).toBe('page-2');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(screen.getByText(/Refunds are processed within 5-10 business days\./)).toBeTruthy();

    await user.click(within(rows[1]).getByRole('button', { name: 'Open Full body burn' }));
    const viewer = await screen.findByRole('dialog', { name: 'Full body burn' });
    expect(await within(viewer).findByAltText('Full body burn, photo 1')).toBeTruthy();
    expect(within(viewer).getAllByRole('img')).toHaveLength(2);
  });

  it('downloads the CSV export with the bearer token', async () => {
    const fetchMock = history({
      'GET /api/purchases/export.csv': () =>
        new Response('date,purchase_id\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:purchases');
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [request] = requestsTo(fetchMock, 'GET /api/purchases/export.csv');
    expect(request.headers.get('Authorization')).toBe('Bearer fan-token');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('turns auto-renew off and cancels a subscription after confirming', async () => {
    const fetchMock = history({
      [`PATCH /api/subscriptions/${subscription().id}`]: ({ body }) => json(subscription(body as object)),
      [`DELETE /api/subscriptions/${subscription().id}`]: () =>
        json(subscription({ status: 'cancelled', autoRenew: false })),
    });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'Jane Fit' });
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText(/Renews on/)).toBeTruthy();

    await user.click(within(card).getByRole('switch', { name: 'Auto-renew' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, `PATCH /api/subscriptions/${subscription().id}`)[0]?.body).toEqual({
        autoRenew: false,
      }),
    );
    expect(await within(card).findByText(/Ends on/)).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel subscription?' });
    expect(requestsTo(fetchMock, `DELETE /api/subscriptions/${subscription().id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, `DELETE /api/subscriptions/${subscription().id}`)).toHaveLength(1),
    );
    expect(await within(card).findByText('Cancelled')).toBeTruthy();
    expect(within(card).queryByRole('switch')).toBeNull();
  });

  it('points to the stores when there is nothing yet', async () => {
    serve({
      'GET /api/purchases': () => json({ items: [], nextCursor: null }),
      'GET /api/subscriptions': () => json({ items: [] }),
    });
    renderPage();
    expect(await screen.findByText('No purchases yet')).toBeTruthy();
    expect(await screen.findByText('No subscriptions yet')).toBeTruthy();
    for (const link of screen.getAllByRole('link', { name: 'Browse stores' }))
      expect(link.getAttribute('href')).toBe('/stores');
  });
});
