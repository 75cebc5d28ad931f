import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  bodyOf,
  json,
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

const entry = (id: string, action: string, details: Record<string, unknown> = {}) => ({
  id,
  at: '2025-05-01T10:00:00Z',
  actor: { id: ADMIN.id, email: ADMIN.email },
  action,
  targetType: 'user',
  targetId: 'user-7',
  details,
  ipAddress: '203.0.113.9',
});

describe('admin sections', () => {
  beforeEach(() => {
    resetAdminAuthMock(auth);
    window.localStorage.setItem('adminToken', 'admin-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('site password: sets a confirmed password and clears it after confirmation', async () => {
    let enabled = false;
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/site-password': () => json({ enabled, updatedAt: enabled ? '2025-05-01T10:00:00Z' : null }),
      'PUT /api/admin/site-password': () => {
        enabled = true;
        return json({ enabled: true });
      },
      'DELETE /api/admin/site-password': () => {
        enabled = false;
        return json({ enabled: false });
      },
    });
    renderAdmin('/admin/site-password');
    const user = userEvent.setup();
    expect(await screen.findByText('Off')).toBeTruthy();
    await user.type(screen.getByLabelText(/New site password/), 'open-sesame');
    await user.type(screen.getByLabelText(/Confirm password/), 'open-sesam');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Set password' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText(/Confirm password/), 'e');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('On')).toBeTruthy();
    const put = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/admin/site-password' && init?.method === 'PUT',
    );
    expect(bodyOf(put?.[1])).toEqual({ password: 'open-sesame' });

    await user.click(screen.getByRole('button', { name: 'Remove password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the site password?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove password' }));
    expect(await screen.findByText('Off')).toBeTruthy();
  });

  it('audit log: expands details with before/after, loads more via nextBefore, filters by action prefix', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/audit-log?limit=50': () =>
        json({
          items: [entry('a2', 'user.role_changed', { before: { role: 'fan' }, after: { role: 'moderator' } })],
          nextBefore: 'a2',
        }),
      'GET /api/admin/audit-log?limit=50&before=a2': () =>
        json({ items: [entry('a1', 'site_password.set')], nextBefore: null }),
      'GET /api/admin/audit-log?limit=50&action=verification.': () => json({ items: [], nextBefore: null }),
    });
    renderAdmin('/admin/audit-log');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show details of user.role_changed' }));
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText(/"role": "moderator"/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('site_password.set')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());

    await user.type(screen.getByLabelText(/Filter by action/), 'verification.');
    expect(await screen.findByText('No entries for actions starting with “verification.”.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/admin/audit-log?limit=50&action=verification.');
  });
});
