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
import { moderationCase } from '../test/moderation-fixtures';

const { auth } = vi.hoisted(() => ({ auth: {} as AdminAuthMock }));
vi.mock('../services/admin-auth-client', async () => {
  const { createAdminAuthMock } = await import('../test/admin-test-utils');
  Object.assign(auth, createAdminAuthMock());
  return { adminAuth: auth };
});

describe('ModerationCasesPage', () => {
  beforeEach(() => {
    resetAdminAuthMock(auth);
    window.localStorage.setItem('adminToken', 'mod-token');
    // A still clock: the countdowns read exactly as the fixtures set them.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists open reports soonest deadline first, each with its countdown', async () => {
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      'GET /api/admin/moderation/cases?status=open&kind=report': () =>
        json({
          items: [
            moderationCase({ id: 'later', reason: 'spam' }, 1, 48),
            moderationCase({ id: 'late', reason: 'minor', breached: true }, 50, 48),
            moderationCase(
              {
                id: 'soon',
                reason: 'copyright',
                claimedBy: MODERATOR.id,
                claimedAt: minutesAgo(1),
                claim: { state: 'mine' as const, expiresAt: minutesAgo(-28) },
              },
              40,
              48,
            ),
          ],
        }),
    });
    renderAdmin('/admin/moderation');
    const table = await screen.findByRole('table', { name: 'Open cases' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Reports (3)',
      'Takedowns',
      'Appeals',
      'Resolved',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Involves a minor',
      'Copyright',
      'Spam',
    ]);
    expect(within(rows[0]).getByText('overdue by 2 h 0 min')).toBeTruthy();
    expect(within(rows[0]).getByText('Deadline missed')).toBeTruthy();
    expect(within(rows[0]).getByText('Urgent')).toBeTruthy();
    expect(within(rows[1]).getByText('8 h 0 min left').closest('[data-stage]')?.getAttribute('data-stage')).toBe(
      'warn',
    );
    expect(within(rows[1]).getAllByText('Claimed by you')).toHaveLength(2);
    expect(within(rows[2]).getByText('1 d 23 h left').closest('[data-stage]')?.getAttribute('data-stage')).toBe(
      'on_time',
    );
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe('/admin/moderation/late');
    expect(screen.getByText('Content reports are reviewed within 48 hours.')).toBeTruthy();
  });

  it('shows takedowns by kind and the resolved cases with their outcome', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      'GET /api/admin/moderation/cases?status=open&kind=report': () => json({ items: [] }),
      'GET /api/admin/moderation/cases?status=open&kind=takedown': () => json({ items: [] }),
      'GET /api/admin/moderation/cases?status=resolved': () =>
        json({
          items: [
            moderationCase(
              {
                id: 'r1',
                kind: 'takedown',
                reason: 'depicted_without_consent',
                status: 'resolved',
                outcome: 'content_removed',
                resolvedAt: minutesAgo(90),
              },
              3,
              24,
            ),
          ],
        }),
    });
    const { router } = renderAdmin('/admin/moderation');
    const user = userEvent.setup();
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Takedowns' }));
    expect(await screen.findByText('No open takedown requests.')).toBeTruthy();
    expect(router.state.location.search).toBe('?view=takedown');

    await user.click(screen.getByRole('tab', { name: 'Resolved' }));
    const table = await screen.findByRole('table', { name: 'Resolved cases' });
    expect(within(table).getByRole('link').textContent).toBe('Takedown request: Depicted without consent');
    expect(within(table).getAllByText('Content removed').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('On time')).toHaveLength(2);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/admin/moderation/cases?status=resolved');
  });
});
