import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, requestsTo, serve } from '../../../test/serve';
import { periodRange } from '../services/sales.service';
import { captureDownloads, giveChartsASize } from '../test/download';
import { activityEntry, activityPage, emptySales, salesReport } from '../test/fixtures';
import { SalesPage } from './SalesPage';

const renderPage = () => renderRoutes([{ path: '/dashboard/sales', element: <SalesPage /> }], '/dashboard/sales');
const card = (title: string) => screen.getByRole('region', { name: title });

describe('SalesPage', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'creator-token');
    giveChartsASize();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the totals in the store currency, the breakdown by kind and the sales table', async () => {
    serve({ 'GET /api/sales': () => json(salesReport()) });
    renderPage();

    expect(within(await screen.findByRole('region', { name: 'Gross sales' })).getByText('$123.45')).toBeTruthy();
    expect(within(card('Net earnings')).getByText('$92.58')).toBeTruthy();
    expect(within(card('Number of sales')).getByText('7')).toBeTruthy();
    expect(within(card('Refunded')).getByText('$9.99')).toBeTruthy();

    const byKind = card('By kind');
    expect(within(within(byKind).getByTestId('kind-content')).getByText('$80.00')).toBeTruthy();
    expect(within(within(byKind).getByTestId('kind-subscription')).getByText('3 sales · 24%')).toBeTruthy();
    expect(within(within(byKind).getByTestId('kind-tip')).getByText('$0.00')).toBeTruthy();

    const rows = within(card('Sales')).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('columnheader')
          .map((cell) => cell.textContent),
      )[0],
    ).toEqual(['Date', 'Item', 'Buyer', 'Gross', 'Net', 'Method', 'Status']);
    expect(within(rows[1]!).getByText('Full body burn')).toBeTruthy();
    expect(within(rows[1]!).getByText('fan••3f2a')).toBeTruthy();
    expect(within(rows[1]!).getByText('$12.99')).toBeTruthy();
    expect(within(rows[1]!).getByText('$9.74')).toBeTruthy();
    expect(within(rows[1]!).getByText('Card')).toBeTruthy();
    expect(within(rows[1]!).getByText('Paid')).toBeTruthy();
    expect(within(rows[2]!).getByText('Crypto')).toBeTruthy();
    expect(within(rows[2]!).getByText('Refunded')).toBeTruthy();
    // A tip shows the fan's message; a sale payouts has not booked yet shows its net as pending.
    expect(within(rows[2]!).getByText('“Keep the videos coming!”')).toBeTruthy();
    expect(within(rows[2]!).getByText('Pending')).toBeTruthy();
  });

  it.each([
    ['needs_response', 'Dispute needs a response'],
    ['under_review', 'Dispute under review'],
    ['won', 'Dispute won'],
    ['lost', 'Dispute lost'],
  ] as const)('names the dispute stage %s of a charged-back sale: %s', async (disputeStage, label) => {
    const [sale] = salesReport().items;
    serve({
      'GET /api/sales': () => json(salesReport({ items: [{ ...sale!, status: 'charged_back', disputeStage }] })),
    });
    renderPage();

    const [, row] = within(await screen.findByRole('region', { name: 'Sales' })).getAllByRole('row');
    expect(within(row!).getByText('Charged back')).toBeTruthy();
    expect(within(row!).getByText(label)).toBeTruthy();
  });

  it('draws the daily chart from the data', async () => {
    serve({ 'GET /api/sales': () => json(salesReport()) });
    const { container } = renderPage();
    const chart = await screen.findByRole('img', { name: 'Daily gross sales, 3 days' });
    await waitFor(() => expect(chart.querySelector('.recharts-area-area')).not.toBeNull());
    expect(container.querySelectorAll('.recharts-cartesian-axis-tick').length).toBeGreaterThan(0);
  });

  it('asks for the chosen period: 30 days first, then 7 and 90', async () => {
    const fetchMock = serve({ 'GET /api/sales': () => json(salesReport()) });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Gross sales' });

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/sales')).toHaveLength(2));
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/sales')).toHaveLength(3));

    const asked = requestsTo(fetchMock, 'GET /api/sales').map(({ url }) => Object.fromEntries(url.searchParams));
    expect(asked).toEqual([periodRange(30), periodRange(7), periodRange(90)]);
  });

  it('says so when there are no sales', async () => {
    serve({ 'GET /api/sales': () => json(emptySales()) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No sales yet' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Gross sales' })).toBeNull();
  });

  it.each([404, 403])('sends a creator without a store (%i no_store) to open one', async (status) => {
    serve({ 'GET /api/sales': () => json({ code: 'no_store', message: 'You have not opened a store yet' }, status) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Open your store first' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open a store' }).getAttribute('href')).toBe('/dashboard/mystoresettings');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('offers a retry when the sales cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({
      'GET /api/sales': () => json({ message: 'boom' }, 500),
      'GET /api/notifications': () => json(activityPage()),
    });
    renderPage();
    expect(await screen.findByText('Your sales could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('downloads the CSV export with the bearer token', async () => {
    const downloads = captureDownloads();
    const fetchMock = serve({
      'GET /api/sales': () => json(salesReport()),
      'GET /api/sales/export.csv': () =>
        new Response('date,sale_id,kind,item,buyer,gross,currency,method,status\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="sales-2026-03.csv"' },
        }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads.names).toEqual(['sales-2026-03.csv']));
    const [request] = requestsTo(fetchMock, 'GET /api/sales/export.csv');
    expect(request?.headers.get('Authorization')).toBe('Bearer creator-token');
    expect(downloads.blobs[0]?.size).toBe('date,sale_id,kind,item,buyer,gross,currency,method,status\n'.length);
  });

  describe('Activity', () => {
    const activity = () => screen.getByRole('region', { name: /^Activity/ });

    it('lists the newest sales, tips and subscribers with the unread count and the tip message', async () => {
      serve({ 'GET /api/sales': () => json(salesReport()), 'GET /api/notifications': () => json(activityPage()) });
      renderPage();
      const list = await screen.findByRole('list', { name: 'Activity entries' });
      const items = within(list).getAllByRole('listitem');
      expect(items.map((item) => item.hasAttribute('data-unread'))).toEqual([true, true, false]);
      expect(within(items[0]!).getByText('fan••9c1d sent you a $5.00 tip')).toBeTruthy();
      expect(within(items[0]!).getByText('“Keep the videos coming!”')).toBeTruthy();
      expect(within(items[2]!).getByText('New subscriber')).toBeTruthy();
      expect(within(activity()).getByLabelText('2 unread').textContent).toBe('2');
    });

    it('marks everything shown as read, up to the newest entry', async () => {
      let read = false;
      const fetchMock = serve({
        'GET /api/sales': () => json(salesReport()),
        'GET /api/notifications': () =>
          json(
            read
              ? activityPage({
                  unreadCount: 0,
                  items: activityPage().items.map((item) => ({ ...item, readAt: '2026-03-04T10:00:00.000Z' })),
                })
              : activityPage(),
          ),
        'POST /api/notifications/read': () => {
          read = true;
          return json({ unreadCount: 0 });
        },
      });
      renderPage();
      const user = userEvent.setup();
      await screen.findByRole('list', { name: 'Activity entries' });
      await user.click(within(activity()).getByRole('button', { name: 'Mark all as read' }));

      await waitFor(() => expect(within(activity()).queryByLabelText(/unread/)).toBeNull());
      expect(requestsTo(fetchMock, 'POST /api/notifications/read').map((request) => request.body)).toEqual([
        { upToId: '3' },
      ]);
      expect((within(activity()).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
    });

    it('loads older entries with the cursor of the page before', async () => {
      const fetchMock = serve({
        'GET /api/sales': () => json(salesReport()),
        'GET /api/notifications': ({ url }) =>
          json(
            url.searchParams.get('cursor') === '1'
              ? activityPage({ items: [activityEntry({ id: '0', text: 'An older tip' })] })
              : activityPage({ nextCursor: '1' }),
          ),
      });
      renderPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Show more' }));
      expect(await screen.findByText('An older tip')).toBeTruthy();
      expect(within(screen.getByRole('list', { name: 'Activity entries' })).getAllByRole('listitem')).toHaveLength(4);
      expect(requestsTo(fetchMock, 'GET /api/notifications').map(({ url }) => url.searchParams.get('cursor'))).toEqual([
        null,
        '1',
      ]);
      expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    });

    it('says what will show when there is nothing yet', async () => {
      serve({
        'GET /api/sales': () => json(emptySales()),
        'GET /api/notifications': () => json(activityPage({ items: [], unreadCount: 0 })),
      });
      renderPage();
      expect(await screen.findByText('New sales, tips, subscribers and chargebacks will show here.')).toBeTruthy();
      expect((within(activity()).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
    });
  });
});
