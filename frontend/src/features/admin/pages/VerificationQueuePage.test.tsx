import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  listItem,
  minutesAgo,
  MODERATOR,
  renderAdmin,
  resetAdminAuthMock,
  stubFetch,
  type AdminAuthMock,
} from '../test/admin-test-utils';

const { auth } = vi.hoisted(() => ({ auth: {} as AdminAuthMock }));
vi.mock('../services/admin-auth-client', async () => {
  const { createAdminAuthMock } = await import('../test/admin-test-utils');
  Object.assign(auth, createAdminAuthMock());
  return { adminAuth: auth };
});

describe('VerificationQueuePage', () => {
  beforeEach(() => {
    resetAdminAuthMock(auth);
    window.localStorage.setItem('adminToken', 'mod-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists submissions oldest first with their age and claim state', async () => {
    const base = listItem();
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      'GET /api/admin/verifications?status=processing': () =>
        json({
          items: [
            { ...base, id: 'new', fullName: 'Newest Person', submittedAt: minutesAgo(5) },
            {
              ...base,
              id: 'mine',
              fullName: 'Oldest Person',
              submittedAt: minutesAgo(60 * 26),
              claimedBy: { id: MODERATOR.id, email: MODERATOR.email },
              claimedAt: minutesAgo(3),
              claim: { state: 'mine' as const, expiresAt: minutesAgo(-28) },
            },
            {
              ...base,
              id: 'other',
              fullName: 'Middle Person',
              submittedAt: minutesAgo(180),
              claimedBy: { id: 'mod-2', email: 'other@fanmint.test' },
              claimedAt: minutesAgo(10),
              claim: { state: 'taken' as const, expiresAt: minutesAgo(-25) },
            },
            // The web keeps no clock of its own for claims: the server's state decides (this claim has lapsed).
            {
              ...base,
              id: 'lapsed',
              fullName: 'Lapsed Claim',
              submittedAt: minutesAgo(30),
              claimedBy: { id: 'mod-2', email: 'other@fanmint.test' },
              claimedAt: minutesAgo(45),
              claim: { state: 'open' as const, expiresAt: null },
            },
            {
              ...base,
              id: 'own',
              fullName: 'Own Person',
              submittedAt: minutesAgo(1),
              claim: { state: 'own_work' as const, expiresAt: null },
            },
          ],
        }),
    });
    renderAdmin('/admin/verifications');
    const table = await screen.findByRole('table', { name: 'Processing submissions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Oldest Person',
      'Middle Person',
      'Lapsed Claim',
      'Newest Person',
      'Own Person',
    ]);
    expect(within(rows[0]).getByText('1 d ago')).toBeTruthy();
    expect(within(rows[0]).getAllByText('Claimed by you')).toHaveLength(2);
    expect(within(rows[1]).getByText('3 h ago')).toBeTruthy();
    expect(within(rows[1]).getAllByTitle('Claimed by other@fanmint.test')).toHaveLength(2);
    expect(within(rows[2]).getAllByText('Unclaimed')).toHaveLength(2);
    expect(within(rows[3]).getByText('5 min ago')).toBeTruthy();
    expect(within(rows[4]).getAllByText('Your own')).toHaveLength(2);
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe('/admin/verifications/mine');
    expect(document.title).toBe('Verification queue | Fanmint');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
  });

  it('shows the decided tabs from the status in the address', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      'GET /api/admin/verifications?status=rejected': () => json({ items: [] }),
    });
    renderAdmin('/admin/verifications?status=rejected');
    expect(await screen.findByText('No rejected submissions yet.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Rejected/ }).getAttribute('aria-selected')).toBe('true');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/admin/verifications?status=rejected');
  });
});
