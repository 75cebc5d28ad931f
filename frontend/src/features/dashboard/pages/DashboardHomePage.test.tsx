import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { config, json, serve } from '../../../test/serve';
import { creatorSummary, emptyFan, summary } from '../test/fixtures';
import { DashboardHomePage } from './DashboardHomePage';

const LOADED = { timeout: 5000 };

function serveDashboard(phase: 'prelaunch' | 'live', body = summary()) {
  return serve({ 'GET /api/config': config(phase), 'GET /api/dashboard/summary': () => json(body) });
}

describe('the dashboard home', () => {
  beforeEach(() => vi.stubGlobal('navigator', { ...navigator, language: 'en-IE', languages: ['en-IE'] }));
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the spec's pre-launch page before launch, and asks for no figures", async () => {
    const fetchMock = serveDashboard('prelaunch');
    renderAt(<DashboardHomePage />, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Full Platform Launching Soon' }, LOADED)).toBeTruthy();
    expect(screen.getByText('Platform in Development')).toBeTruthy();
    for (const group of ['General Features', 'Creator Tools', 'Support', 'Follow Us for Updates'])
      expect(screen.getByRole('heading', { name: group })).toBeTruthy();
    expect(screen.getAllByText('Demo').length).toBeGreaterThan(5);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/config']);
  });

  it("shows a creator's month in euros with day-month dates: earnings, pending, the next payout, subscribers and review status", async () => {
    serveDashboard(
      'live',
      summary({ role: 'creator', verificationStatus: 'accepted', creator: creatorSummary(), fan: emptyFan() }),
    );
    renderAt(<DashboardHomePage />, '/dashboard');
    const earnings = await screen.findByRole('region', { name: 'Earnings this month' }, LOADED);
    expect(within(earnings).getByText('€300.00')).toBeTruthy();
    expect(within(earnings).getByText('Your share of €400.00 in sales')).toBeTruthy();
    const next = screen.getByRole('region', { name: 'Next payout' });
    expect(within(next).getByText('€300.00')).toBeTruthy();
    expect(within(next).getByText('On 30 Apr 2026')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'New subscribers' })).getByText('4')).toBeTruthy();
    expect(screen.getByText(/Each sale waits 21 days before it can be paid out/)).toBeTruthy();
    expect(screen.getByText('Add a payout method before 30 Apr 2026 to be paid then.', { exact: false })).toBeTruthy();
    const content = screen.getByRole('region', { name: 'Your content' });
    expect(within(content).getByText('2 in review')).toBeTruthy();
    expect(within(content).getByText('1 rejected')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload a video' }).getAttribute('href')).toBe('/dashboard/my-videos');
    expect(screen.getByRole('link', { name: 'View my store' }).getAttribute('href')).toBe('/stores/jane-fit');
    expect(screen.queryByText('Full Platform Launching Soon')).toBeNull();
    expect(screen.queryByText('Demo')).toBeNull();
    // A creator who buys nothing is not shown empty fan panels.
    expect(screen.queryByRole('heading', { name: 'Recent purchases' })).toBeNull();
  });

  it('says when no payout is due rather than announcing an empty one', async () => {
    serveDashboard(
      'live',
      summary({
        role: 'creator',
        creator: creatorSummary({
          nextPayout: null,
          schedule: 'monthly',
          heldUntil: null,
          monthNetMinor: 0,
          monthGrossMinor: 0,
        }),
      }),
    );
    renderAt(<DashboardHomePage />, '/dashboard');
    const next = await screen.findByRole('region', { name: 'Next payout' }, LOADED);
    expect(within(next).getByText('None due yet')).toBeTruthy();
    expect(screen.getByText('Released earnings are paid out on the last calendar day of each month.')).toBeTruthy();
    expect(screen.queryByText(/Add a payout method/)).toBeNull();
  });

  it("shows a fan's purchases, subscriptions and favourites, and one way to become a creator", async () => {
    serveDashboard('live');
    renderAt(<DashboardHomePage />, '/dashboard');
    const purchases = await screen.findByRole('region', { name: 'Recent purchases' }, LOADED);
    expect(within(purchases).getByText('Beach album')).toBeTruthy();
    expect(within(purchases).getByText('€14.99')).toBeTruthy();
    expect(within(purchases).getByText('Jane Fit · 3 Mar 2026')).toBeTruthy();
    const subscriptions = screen.getByRole('region', { name: 'Subscriptions' });
    expect(within(subscriptions).getByText('Renews 3 Apr 2026')).toBeTruthy();
    expect(within(subscriptions).getByText('€9.99/mo')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Favourite stores' }))
        .getByRole('link', { name: 'Jane Fit' })
        .getAttribute('href'),
    ).toBe('/stores/jane-fit');
    expect(screen.getByRole('link', { name: 'Become a creator' }).getAttribute('href')).toBe('/dashboard/verification');
    expect(screen.queryByRole('region', { name: 'Earnings this month' })).toBeNull();
  });

  it('tells a fan whose verification is being checked that it is under way', async () => {
    serveDashboard('live', summary({ verificationStatus: 'processing', fan: emptyFan() }));
    renderAt(<DashboardHomePage />, '/dashboard');
    expect(await screen.findByText(/We are checking your ID/, undefined, LOADED)).toBeTruthy();
    expect(screen.getAllByText(/Nothing here yet/)).toHaveLength(3);
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    serve({ 'GET /api/config': config('live'), 'GET /api/dashboard/summary': () => json({ message: 'down' }, 503) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(<DashboardHomePage />, '/dashboard');
    expect(await screen.findByText('Your dashboard could not be loaded', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
