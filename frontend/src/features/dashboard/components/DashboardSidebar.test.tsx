import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { config, json, serve } from '../../../test/serve';
import { creatorSummary, summary } from '../test/fixtures';
import { DashboardSidebar } from './DashboardSidebar';

const LOADED = { timeout: 5000 };
const CREATOR_PAGES = [
  'Sales',
  'Payouts',
  'Store Settings',
  'My Videos',
  'Photo Albums',
  'Collaborators',
  'AI Business Advisor',
  'AI Creator Studio',
];

function renderSidebar(phase: 'prelaunch' | 'live', role: 'creator' | 'fan', path = '/dashboard') {
  serve({
    'GET /api/config': config(phase),
    'GET /api/dashboard/summary': () =>
      json(role === 'creator' ? summary({ role, creator: creatorSummary() }) : summary()),
  });
  renderAt(<DashboardSidebar email="sam@example.com" onLogout={() => {}} />, path);
  return screen.getByRole('navigation', { name: 'Dashboard' });
}

const section = (nav: HTMLElement, title: string) => within(nav).getByRole('button', { name: title });

describe('the dashboard sidebar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives a fan one "Become a creator" entry in the Creator Section instead of empty sales pages (live)', async () => {
    const nav = renderSidebar('live', 'fan');
    const entry = await within(nav).findByRole('link', { name: 'Become a creator' }, LOADED);
    expect(entry.getAttribute('href')).toBe('/dashboard/verification');
    for (const page of CREATOR_PAGES) expect(within(nav).queryByRole('link', { name: page })).toBeNull();
  });

  it("lists every creator page for a creator (live), and for everyone before launch as the spec's sidebar does", async () => {
    for (const [phase, role] of [
      ['live', 'creator'],
      ['prelaunch', 'fan'],
    ] as const) {
      const nav = renderSidebar(phase, role, '/dashboard/sales');
      expect(await within(nav).findByRole('link', { name: 'Sales' }, LOADED)).toBeTruthy();
      for (const page of CREATOR_PAGES) expect(within(nav).getByRole('link', { name: page })).toBeTruthy();
      expect(within(nav).queryByRole('link', { name: 'Become a creator' })).toBeNull();
      document.body.innerHTML = '';
    }
  });

  it('on a laptop-height screen opens the Creator Section and the current page’s section, and folds the rest', async () => {
    const nav = renderSidebar('live', 'creator');
    await within(nav).findByRole('link', { name: 'Sales' }, LOADED);
    expect(section(nav, 'Creator Section').getAttribute('aria-expanded')).toBe('true');
    expect(section(nav, 'General').getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Purchases' })).toBeNull();
    fireEvent.click(section(nav, 'General'));
    expect(section(nav, 'General').getAttribute('aria-expanded')).toBe('true');
    expect(await within(nav).findByRole('link', { name: 'Purchases' })).toBeTruthy();
  });

  it('keeps the spec texts of the shell', async () => {
    renderSidebar('prelaunch', 'fan');
    expect(await screen.findByText('Signed in as')).toBeTruthy();
    expect(screen.getByText('sam@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });
});
