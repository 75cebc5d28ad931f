import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../services/admin.types';
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

const FAN: AdminUser = {
  id: 'user-7',
  email: 'fan@example.com',
  role: 'fan',
  createdAt: '2025-01-02T10:00:00Z',
  emailConfirmedAt: '2025-01-02T10:05:00Z',
  lastSignInAt: null,
  mfaEnabled: true,
  verificationStatus: null,
  canManage: true,
  manageRefusal: null,
  pendingAdminGrant: null,
};
const SELF: AdminUser = {
  ...FAN,
  id: ADMIN.id,
  email: ADMIN.email,
  role: 'admin',
  canManage: false,
  manageRefusal: 'own_account',
};
const OTHER_ADMIN: AdminUser = {
  ...FAN,
  id: 'admin-2',
  email: 'other-admin@fanmint.test',
  role: 'admin',
  canManage: false,
  manageRefusal: 'staff_hierarchy',
};
const HIERARCHY = 'An admin can act only on moderators and users, not on an admin';

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

  it('making an admin waits for a second admin: says so, and shows the pending request to the next admin', async () => {
    const MODERATOR: AdminUser = { ...FAN, id: 'user-8', email: 'mod@example.com', role: 'moderator' };
    const grant = { requestedBy: ADMIN.id, requestedAt: '2026-12-06T10:00:00Z' };
    stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/users': () =>
        json({
          items: [
            MODERATOR,
            {
              ...FAN,
              id: 'user-9',
              email: 'asked@example.com',
              role: 'moderator',
              pendingAdminGrant: { ...grant, requestedBy: 'admin-2' },
            },
          ],
        }),
      'PUT /api/admin/users/user-8/role': () => json({ ...MODERATOR, pendingAdminGrant: grant }),
    });
    renderAdmin('/admin/users');
    const user = userEvent.setup();
    expect(await screen.findByText('Admin pending')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Change role of mod@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await user.selectOptions(within(dialog).getByLabelText('New role'), 'admin');
    expect(within(dialog).getByText(/A second admin must approve/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Asked: mod@example.com becomes admin when a second admin approves')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Change role of asked@example.com' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Change role' })).getByText(
        /Another admin asked to make this account an admin/,
      ),
    ).toBeTruthy();
  });

  it('offers no role or 2FA action on the own account or another admin, and says why', async () => {
    stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/users': () => json({ items: [SELF, OTHER_ADMIN, FAN] }),
    });
    renderAdmin('/admin/users');
    expect(await screen.findByRole('button', { name: 'Change role of fan@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disable 2FA of fan@example.com' })).toBeTruthy();
    for (const email of [SELF.email, OTHER_ADMIN.email]) {
      expect(screen.queryByRole('button', { name: `Change role of ${email}` })).toBeNull();
      expect(screen.queryByRole('button', { name: `Disable 2FA of ${email}` })).toBeNull();
    }
    const rowOf = (email: string) =>
      within(screen.getByRole('table', { name: 'Users' }))
        .getByText(email)
        .closest('tr') as HTMLElement;
    expect(within(rowOf(SELF.email)).getByText('Your own account: ask another admin')).toBeTruthy();
    expect(within(rowOf(OTHER_ADMIN.email)).getByText('Admins can’t be managed in the console')).toBeTruthy();
    expect(within(rowOf(FAN.email)).queryByText(/can’t be managed|own account/)).toBeNull();
  });

  it('shows the server’s 403 when a role change is refused anyway (the account moved out of reach)', async () => {
    stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/users': () => json({ items: [FAN] }),
      'PUT /api/admin/users/user-7/role': () => json({ code: 'staff_hierarchy', message: HIERARCHY }, 403),
    });
    renderAdmin('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change role of fan@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await user.selectOptions(within(dialog).getByLabelText('New role'), 'creator');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText(HIERARCHY)).toBeTruthy();
  });

  it('shows the server’s 403 when turning off 2FA is refused anyway', async () => {
    stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/users': () => json({ items: [FAN] }),
      'DELETE /api/admin/users/user-7/mfa': () =>
        json(
          {
            code: 'own_account',
            message: 'Staff cannot act on their own account through the console; ask another admin',
          },
          403,
        ),
    });
    renderAdmin('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable 2FA of fan@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable two-factor authentication' });
    await user.type(within(dialog).getByLabelText(/How did you verify/), 'Passport video call, ticket 4711');
    await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
    expect(
      await screen.findByText('Staff cannot act on their own account through the console; ask another admin'),
    ).toBeTruthy();
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
