import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, requestsTo, serve, type Request } from '../../../test/serve';
import { captureDownloads } from '../test/download';
import { HOLD_REASON, payout, statement, transaction } from '../test/fixtures';
import { BillingPage } from './BillingPage';

type Handler = (request: Request) => Response;

function serveBilling(extra: Record<string, Handler> = {}) {
  return serve({
    'GET /api/payouts/statement': () => json(statement()),
    'GET /api/payouts/transactions': () => json({ items: [], nextCursor: null }),
    'GET /api/payouts/history': () => json({ items: [] }),
    'GET /api/payouts/method': () => json(null),
    ...extra,
  });
}

const renderPage = () =>
  renderRoutes([{ path: '/dashboard/billingandpayments', element: <BillingPage /> }], '/dashboard/billingandpayments');
const region = (name: string) => screen.getByRole('region', { name });

describe('BillingPage: statement', () => {
  beforeEach(() => window.localStorage.setItem('token', 'creator-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the three balances with their exact titles, the monthly schedule and how earnings work', async () => {
    serveBilling();
    renderPage();
    expect(within(await screen.findByRole('region', { name: 'Pending Balance' })).getByText('$456.00')).toBeTruthy();
    expect(within(region('Current Balance')).getByText('$1,200.50')).toBeTruthy();
    expect(within(region('Adjustments')).getByText('-$15.00')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Currency' })).toBeNull();

    const schedule = region('Payout schedule');
    expect(within(schedule).getByText('Paid on the last calendar day of each month')).toBeTruthy();
    expect(within(schedule).getByText('Mar 31, 2026')).toBeTruthy();

    const explainer = region('How your earnings work');
    expect(within(explainer).getByText(/fiat\) sales: 75% to you. Token sales: 90% to you/)).toBeTruthy();
    expect(
      within(explainer).getByText(/held 21 days. After 4 months of\s+clean history, payouts are monthly/),
    ).toBeTruthy();
    expect(
      within(explainer).getByText(
        /before a payout come off your Pending Balance; after a payout, off your next payout/,
      ),
    ).toBeTruthy();
  });

  it('switches the balances between currencies', async () => {
    serveBilling({
      'GET /api/payouts/statement': () =>
        json(
          statement({
            balances: [
              { currency: 'USD', pendingMinor: 45_600, currentMinor: 120_050, adjustmentsMinor: -1_500 },
              { currency: 'EUR', pendingMinor: 1_000, currentMinor: 2_000, adjustmentsMinor: 0 },
            ],
          }),
        ),
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Pending Balance' });
    await user.click(screen.getByRole('radio', { name: 'EUR' }));
    const eur = (minor: number) =>
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(minor / 100);
    expect(within(region('Pending Balance')).getByText(eur(1_000))).toBeTruthy();
    expect(within(region('Current Balance')).getByText(eur(2_000))).toBeTruthy();
    expect(within(region('Adjustments')).getByText(eur(0))).toBeTruthy();
  });

  it('shows why earnings are held and until when', async () => {
    serveBilling({
      'GET /api/payouts/statement': () =>
        json(statement({ schedule: 'held', holdReason: HOLD_REASON, heldUntil: '2026-06-30' })),
    });
    renderPage();
    const schedule = await screen.findByRole('region', { name: 'Payout schedule' });
    expect(within(schedule).getByText(HOLD_REASON)).toBeTruthy();
    expect(within(schedule).getByText('Jun 30, 2026')).toBeTruthy();
    expect(within(schedule).getByText('Earnings on hold')).toBeTruthy();
  });

  it('sends a creator without a store to open one', async () => {
    serveBilling({ 'GET /api/payouts/statement': () => json({ code: 'no_store', message: 'No store' }, 404) });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Open a store' })).toBeTruthy();
  });
});

describe('BillingPage: transactions and payouts', () => {
  beforeEach(() => window.localStorage.setItem('token', 'creator-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists transactions with the hold reason of pending rows, signed amounts, and loads more by cursor', async () => {
    const fetchMock = serveBilling({
      'GET /api/payouts/transactions': ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? json({
              items: [
                transaction({
                  id: 'tx-3',
                  kind: 'payout',
                  description: 'Payout February 2026',
                  amountMinor: -80_000,
                  balance: 'current',
                  releaseOn: null,
                  holdReason: null,
                  status: 'paid',
                }),
              ],
              nextCursor: null,
            })
          : json({
              items: [
                transaction(),
                transaction({
                  id: 'tx-2',
                  kind: 'chargeback',
                  description: 'Chargeback: Tip',
                  amountMinor: -450,
                  balance: 'current',
                  holdReason: null,
                  releaseOn: null,
                }),
              ],
              nextCursor: 'page-2',
            }),
    });
    renderPage();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText(`Why held: ${HOLD_REASON}`)).toBeTruthy();
    expect(within(rows[1]!).getByText('+$9.74').className).toMatch(/positive/);
    expect(within(rows[1]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[1]!).getByText('Mar 24, 2026')).toBeTruthy();
    expect(within(rows[2]!).getByText('-$4.50').className).toMatch(/negative/);
    expect(within(rows[2]!).getByText('Chargeback')).toBeTruthy();
    expect(within(rows[2]!).queryByText(/Why held/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Payout February 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const pages = requestsTo(fetchMock, 'GET /api/payouts/transactions').map(({ url }) =>
      url.searchParams.get('cursor'),
    );
    expect(pages).toEqual([null, 'page-2']);
  });

  it('shows the payout history', async () => {
    serveBilling({
      'GET /api/payouts/history': () =>
        json({
          items: [
            payout(),
            payout({
              id: 'p2',
              period: '2026-03',
              status: 'pending',
              paidAt: null,
              method: 'crypto',
              destination: '9WzD…AWWM',
            }),
          ],
        }),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Payout history' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('February 2026')).toBeTruthy();
    expect(within(first!).getByText('$800.00')).toBeTruthy();
    expect(within(first!).getByText('Bank transfer')).toBeTruthy();
    expect(within(first!).getByText('DE•• •••• 3000')).toBeTruthy();
    expect(within(first!).getByText('Paid')).toBeTruthy();
    expect(within(first!).getByText('Feb 28, 2026')).toBeTruthy();
    expect(within(second!).getByText('Pending')).toBeTruthy();
    expect(within(second!).getByText('Crypto')).toBeTruthy();
  });

  it('exports the transactions as CSV with the bearer token', async () => {
    const downloads = captureDownloads();
    const fetchMock = serveBilling({
      'GET /api/payouts/export.csv': () =>
        new Response('date,transaction_id\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.names).toEqual(['transactions.csv']));
    expect(requestsTo(fetchMock, 'GET /api/payouts/export.csv')[0]?.headers.get('Authorization')).toBe(
      'Bearer creator-token',
    );
  });

  it('tells the creator when the export fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveBilling({
      'GET /api/payouts/export.csv': () => json({ code: 'not_launched', message: 'Not available before launch' }, 403),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Not available before launch')).toBeTruthy();
  });
});
