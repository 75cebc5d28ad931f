import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, requestsTo, serve } from '../../../test/serve';
import type { SavedCardDto } from '../services/purchase-types';
import { purchase } from '../../../test/purchase-fixtures';
import { BillingPaymentsPage } from './BillingPaymentsPage';

type Handlers = Parameters<typeof serve>[0];

const visa: SavedCardDto = { id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 3, expYear: 2029 };
const mastercard: SavedCardDto = { id: 'pm_mc', brand: 'mastercard', last4: '4444', expMonth: 11, expYear: 2030 };

const renderPage = () =>
  renderRoutes([{ path: '/dashboard/billing', element: <BillingPaymentsPage /> }], '/dashboard/billing');

function billing(extra: Handlers = {}) {
  return serve({
    'GET /api/billing/payment-methods': () => json({ items: [visa, mastercard] }),
    'GET /api/purchases': ({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? json({
            items: [
              purchase({
                id: 'old',
                contentTitle: 'Old album',
                status: 'refunded',
                paidAt: '2026-10-01T09:00:00.000Z',
              }),
            ],
            nextCursor: null,
          })
        : json({
            items: [
              purchase({ status: 'paid', paidAt: '2026-11-03T10:00:00.000Z' }),
              purchase({
                id: 'tip-1',
                kind: 'tip',
                contentId: null,
                contentTitle: null,
                contentKind: null,
                amountMinor: 500,
                status: 'paid',
              }),
              // Listed by an older backend; a chargeback gets no receipt.
              purchase({ id: 'disputed', contentTitle: 'Disputed video', status: 'charged_back' }),
            ],
            nextCursor: 'page-2',
          }),
    ...extra,
  });
}

describe('Billing & Payments (fan)', () => {
  beforeEach(() => localStorage.setItem('token', 'fan-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the saved cards with brand, last four and expiry, and removes one only after confirming', async () => {
    let cards = [visa, mastercard];
    const fetchMock = billing({
      'GET /api/billing/payment-methods': () => json({ items: cards }),
      'DELETE /api/billing/payment-methods/pm_mc': () => {
        cards = [visa];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderPage();
    const first = await screen.findByRole('listitem', { name: 'Visa •••• 4242' });
    expect(within(first).getByText('Expires 03/29')).toBeTruthy();
    const second = screen.getByRole('listitem', { name: 'Mastercard •••• 4444' });
    expect(within(second).getByText('Expires 11/30')).toBeTruthy();

    await user.click(within(second).getByRole('button', { name: 'Remove Mastercard •••• 4444' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this card?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep card' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove this card?' })).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE /api/billing/payment-methods/pm_mc')).toHaveLength(0);

    await user.click(within(second).getByRole('button', { name: 'Remove Mastercard •••• 4444' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this card?' })).getByRole('button', {
        name: 'Remove card',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Mastercard •••• 4444' })).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE /api/billing/payment-methods/pm_mc')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'DELETE /api/billing/payment-methods/pm_mc')[0].headers.get('Authorization')).toBe(
      'Bearer fan-token',
    );
    expect(screen.getByRole('listitem', { name: 'Visa •••• 4242' })).toBeTruthy();
  });

  it('keeps the card and says so when the removal is refused', async () => {
    billing({
      'DELETE /api/billing/payment-methods/pm_visa': () =>
        json({ message: 'Card payments are unavailable right now.' }, 503),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this card?' })).getByRole('button', {
        name: 'Remove card',
      }),
    );
    expect(await screen.findByText('The card could not be removed. Please try again.')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Visa •••• 4242' })).toBeTruthy();
  });

  it('lists a receipt per paid or refunded payment with amount, date, reference and status, and pages with the cursor', async () => {
    const fetchMock = billing();
    const user = userEvent.setup();
    renderPage();
    const receipts = await screen.findByRole('region', { name: 'Receipts' });
    const video = await within(receipts).findByRole('listitem', { name: 'Full body burn' });
    expect(within(video).getByText('$12.99')).toBeTruthy();
    expect(within(video).getByText('Paid')).toBeTruthy();
    expect(within(video).getByText(`Ref. ${purchase().id}`)).toBeTruthy();
    expect(within(video).getByText(/Jane Fit · Nov 3, 2026|Jane Fit · 3 Nov 2026/)).toBeTruthy();
    expect(within(video).getByRole('link', { name: 'Receipt for Full body burn' }).getAttribute('href')).toBe(
      `/dashboard/billing/receipts/${purchase().id}`,
    );
    expect(within(receipts).getByRole('listitem', { name: 'Tip for Jane Fit' })).toBeTruthy();
    expect(within(receipts).queryByText('Disputed video')).toBeNull();

    await user.click(within(receipts).getByRole('button', { name: 'Load more' }));
    const old = await within(receipts).findByRole('listitem', { name: 'Old album' });
    expect(within(old).getByText('Refunded')).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET /api/purchases').at(-1)?.url.searchParams.get('cursor')).toBe('page-2');
  });

  it('says when there are no cards and no receipts yet', async () => {
    serve({
      'GET /api/billing/payment-methods': () => json({ items: [] }),
      'GET /api/purchases': () => json({ items: [], nextCursor: null }),
    });
    renderPage();
    expect(await screen.findByText(/No saved cards\./)).toBeTruthy();
    expect(await screen.findByText('No receipts yet')).toBeTruthy();
  });

  it('downloads the payment history as CSV', async () => {
    const fetchMock = billing({
      'GET /api/purchases/export.csv': () =>
        new Response('date,purchase_id\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:purchases'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Payment history' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(requestsTo(fetchMock, 'GET /api/purchases/export.csv')[0].headers.get('Authorization')).toBe(
      'Bearer fan-token',
    );
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
