import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  minutesAgo,
  MODERATOR,
  renderAdmin,
  resetAdminAuthMock,
  stubFetch,
  type AdminAuthMock,
} from '../test/admin-test-utils';
import { contentItem, video } from '../test/moderation-fixtures';

const { auth } = vi.hoisted(() => ({ auth: {} as AdminAuthMock }));
vi.mock('../services/admin-auth-client', async () => {
  const { createAdminAuthMock } = await import('../test/admin-test-utils');
  Object.assign(auth, createAdminAuthMock());
  return { adminAuth: auth };
});

describe('ContentQueuePage', () => {
  beforeEach(() => {
    resetAdminAuthMock(auth);
    window.localStorage.setItem('adminToken', 'mod-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has the four review tabs and lists pending content oldest first with its submitted time and claim', async () => {
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      'GET /api/admin/content?status=pending_review': () =>
        json({
          items: [
            contentItem({ id: 'new', title: 'Newest album', submittedAt: minutesAgo(5) }),
            contentItem({
              id: 'old',
              title: 'Oldest video',
              kind: 'video',
              media: [video()],
              submittedAt: minutesAgo(60 * 26),
              claimedBy: MODERATOR.id,
              claimedAt: minutesAgo(2),
              claim: { state: 'mine' as const, expiresAt: minutesAgo(-28) },
            }),
            contentItem({
              id: 'mid',
              title: 'Middle album',
              submittedAt: minutesAgo(180),
              claimedBy: 'mod-2',
              claimedAt: minutesAgo(4),
              claim: { state: 'taken' as const, expiresAt: minutesAgo(-25) },
            }),
          ],
        }),
    });
    renderAdmin('/admin/content');
    const table = await screen.findByRole('table', { name: 'Pending Review content' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Pending Review (3)',
      'Approved',
      'Rejected',
      'Removed',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Oldest video',
      'Middle album',
      'Newest album',
    ]);
    expect(within(rows[0]).getByText('1 d ago')).toBeTruthy();
    expect(within(rows[0]).getByText('Video · 2:31')).toBeTruthy();
    expect(within(rows[0]).getAllByText('Claimed by you')).toHaveLength(2);
    expect(within(rows[1]).getByText('3 h ago')).toBeTruthy();
    expect(within(rows[1]).getAllByText('Claimed by someone else')).toHaveLength(2);
    expect(within(rows[2]).getByText('5 min ago')).toBeTruthy();
    expect(within(rows[2]).getAllByText('Unclaimed')).toHaveLength(2);
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe('/admin/content/old');
    expect(document.title).toBe('Content review | Fanmint');
  });

  it('switches to the rejected tab and shows the reason', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      'GET /api/admin/content?status=pending_review': () => json({ items: [] }),
      'GET /api/admin/content?status=rejected': () =>
        json({
          items: [
            contentItem({
              status: 'rejected',
              rejectionReason: 'A person shown is not a verified collaborator',
              decidedBy: MODERATOR.id,
              decidedAt: minutesAgo(30),
            }),
          ],
        }),
    });
    const { router } = renderAdmin('/admin/content');
    expect(await screen.findByText('No content is waiting for review.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Rejected' }));
    const table = await screen.findByRole('table', { name: 'Rejected content' });
    expect(router.state.location.search).toBe('?status=rejected');
    expect(within(table).getAllByText('A person shown is not a verified collaborator').length).toBeGreaterThan(0);
    expect(within(table).getByText('30 min ago')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/admin/content?status=rejected');
  });
});
