import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, serve } from '../../../test/serve';
import { purchase, PURCHASE_ID } from '../../../test/purchase-fixtures';
import { ReceiptPage } from './ReceiptPage';

const renderReceipt = () =>
  renderRoutes(
    [{ path: '/dashboard/billing/receipts/:id', element: <ReceiptPage /> }],
    `/dashboard/billing/receipts/${PURCHASE_ID}`,
  );

/** The receipt's rows as label → value. */
function rows(receipt: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(receipt)
      .getAllByRole('row')
      .map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]),
  );
}

describe('receipt', () => {
  beforeEach(() => localStorage.setItem('token', 'fan-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows merchant, date, reference, item, store, card, the total and the VAT line, and prints', async () => {
    serve({
      [`GET /api/purchases/${PURCHASE_ID}`]: () =>
        json(purchase({ status: 'paid', paidAt: '2026-11-03T10:00:00.000Z', card: { brand: 'visa', last4: '4242' } })),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    renderReceipt();
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(rows(receipt)).toMatchObject({
      Merchant: 'Fanmint',
      Reference: PURCHASE_ID,
      Item: 'Full body burn (Content)',
      Store: 'Jane Fit',
      'Paid with': 'Visa •••• 4242',
      Status: 'Paid',
    });
    expect(rows(receipt).Date).toMatch(/2026/);
    expect(within(receipt).getByText('$12.99')).toBeTruthy();
    expect(within(receipt).getByText('VAT: included where applicable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Billing & Payments' }).getAttribute('href')).toBe('/dashboard/billing');

    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('names the method when the answer carries no card (crypto)', async () => {
    serve({ [`GET /api/purchases/${PURCHASE_ID}`]: () => json(purchase({ status: 'refunded', method: 'crypto' })) });
    renderReceipt();
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(rows(receipt)).toMatchObject({ 'Paid with': 'Crypto', Status: 'Refunded' });
  });

  it('gives no receipt for a payment that was not completed, nor for one it cannot see', async () => {
    serve({ [`GET /api/purchases/${PURCHASE_ID}`]: () => json(purchase({ status: 'requires_action' })) });
    const first = renderReceipt();
    expect(await screen.findByText('This payment has no receipt: it was not completed.')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Receipt' })).toBeNull();
    first.unmount();

    serve({ [`GET /api/purchases/${PURCHASE_ID}`]: () => json({ message: 'Not found' }, 404) });
    renderReceipt();
    expect(await screen.findByText('This receipt does not exist, or it belongs to another account.')).toBeTruthy();
  });
});
