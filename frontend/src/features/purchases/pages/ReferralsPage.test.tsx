import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, serve } from '../../../test/serve';
import { referralLink } from '../../../test/purchase-fixtures';
import { ReferralsPage } from './ReferralsPage';

const renderPage = () => renderRoutes([{ path: '*', element: <ReferralsPage /> }], '/dashboard/myreferrals');

describe('Referrals', () => {
  beforeEach(() => localStorage.setItem('token', 'fan-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('explains the program and lists links with album, store, purchases and earnings', async () => {
    serve({ 'GET /api/referral-links': () => json({ items: [referralLink()] }) });
    renderPage();
    expect(screen.getByText('Earn 5% of every album sale made through your link.')).toBeTruthy();
    expect(screen.getByText(/paid from the platform’s share/)).toBeTruthy();
    expect(screen.getByText(/monthly payout/)).toBeTruthy();
    const link = await screen.findByRole('article', { name: 'Beach day' });
    expect(within(link).getByRole('link', { name: 'Jane Fit' }).getAttribute('href')).toBe('/stores/jane-fit');
    expect(within(link).getByText('http://localhost:5173/stores/jane-fit?ref=r3f2a9')).toBeTruthy();
    expect(within(link).getByText('3')).toBeTruthy();
    expect(within(link).getByText('$0.75')).toBeTruthy();
    expect(within(link).getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('explains how to create a link when there is none', async () => {
    serve({ 'GET /api/referral-links': () => json({ items: [] }) });
    renderPage();
    expect(await screen.findByText('No referral links yet')).toBeTruthy();
    expect(screen.getByText(/choose ‘Share & earn 5%’/)).toBeTruthy();
  });
});
