import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../services/admin.types';
import { ADMIN, bodyOf, json, renderAdmin, resetAdminAuthMock, stubFetch, type AdminAuthMock } from '../test/admin-test-utils';

const { auth } = vi.hoisted(() => ({ auth: {} as AdminAuthMock }));
vi.mock('../services/admin-auth-client', async () => {
  const { createAdminAuthMock } = await import('../test/admin-test-utils');
  Object.assign(auth, createAdminAuthMock());
  return { adminAuth: auth };
});

const FAN: AdminUser = {
  id: 'user-7',
  email: 'fan@example.com',
  role: 'fan',
  createdAt: '2025-01-02T10:00:00Z',
  emailConfirmedAt: '2025-01-02T10:05:00Z',
  lastSignInAt: null,
  mfaEnabled: true,
  verificationStatus: null,
};

describe('AdminUsersPage', () => {
  beforeEach(() => {
    resetAdminAuthMock(auth);
    window.localStorage.setItem('adminToken', 'admin-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('searches by email', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/users': () => json({ items: [FAN] }),
      'GET /api/admin/users?q=fan%40ex': () => json({ items: [] }),
    });
    renderAdmin('/admin/users');
    expect(await screen.findByText('fan@example.com')).toBeTruthy();
    await userEvent.setup().type(screen.getByLabelText('Search by email'), 'fan@ex');
    expect(await screen.findByText('No users match “fan@ex”.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/admin/users?q=fan%40ex');
  });

  it('changes a role after confirmation and sends { role }', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/users': () => json({ items: [FAN] }),
      'PUT /api/admin/users/user-7/role': (init) => json({ ...FAN, ...(bodyOf(init) as object) }),
    });
    renderAdmin('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change role of fan@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(within(dialog).getByText(/Creator is normally granted automatically/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Change role' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText('New role'), 'moderator');
    await user.click(confirm);

    expect(await screen.findByText('fan@example.com is now moderator')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/users/user-7/role');
    expect(call?.[1]?.method).toBe('PUT');
    expect(bodyOf(call?.[1])).toEqual({ role: 'moderator' });
  });

  it('shows the server refusal to change your own role', async () => {
    stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/users': () => json({ items: [{ ...FAN, id: ADMIN.id, email: ADMIN.email, role: 'admin' }] }),
      [`PUT /api/admin/users/${ADMIN.id}/role`]: () => json({ code: 'own_role', message: 'You cannot change your own role' }, 409),
    });
    renderAdmin('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Change role of ${ADMIN.email}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await user.selectOptions(within(dialog).getByLabelText('New role'), 'fan');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('You cannot change your own role')).toBeTruthy();
  });

  it('disables 2FA only with a reason of at least 10 characters', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/users': () => json({ items: [FAN] }),
      'DELETE /api/admin/users/user-7/mfa': () => json({ disabled: true }),
    });
    renderAdmin('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable 2FA of fan@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable two-factor authentication' });
    const confirm = within(dialog).getByRole('button', { name: 'Disable 2FA' }) as HTMLButtonElement;
    const reason = within(dialog).getByLabelText(/How did you verify/);
    await user.type(reason, 'video call');
    expect(confirm.disabled).toBe(false);
    await user.clear(reason);
    await user.type(reason, 'too short');
    expect(confirm.disabled).toBe(true);
    await user.type(reason, ', matched selfie with ID');
    await user.click(confirm);

    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/admin/users/user-7/mfa')).toBe(true));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/users/user-7/mfa');
    expect(call?.[1]?.method).toBe('DELETE');
    expect(bodyOf(call?.[1])).toEqual({ reason: 'too short, matched selfie with ID' });
  });
});
