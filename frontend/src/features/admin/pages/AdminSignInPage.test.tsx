import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifiedFactor } from '../../../test/mock-auth';
import {
  ADMIN,
  bearerOf,
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

const session = (token: string) => ({ access_token: token, refresh_token: 'r', user: { email: ADMIN.email } });
const adminToken = () => window.localStorage.getItem('adminToken');

function passwordOk(factors: unknown[] = [verifiedFactor]) {
  auth.signInWithPassword.mockResolvedValue({ data: { session: session('aal1-token'), user: {} }, error: null });
  auth.mfa.listFactors.mockResolvedValue({ data: { all: factors, totp: factors }, error: null });
  auth.mfa.challenge.mockResolvedValue({ data: { id: 'challenge-1' }, error: null });
}

async function enterCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Email/), 'admin@fanmint.test');
  await user.type(screen.getByLabelText(/Password/), 'Secret-pass-1');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('AdminSignInPage', () => {
  beforeEach(() => resetAdminAuthMock(auth));
  afterEach(() => vi.unstubAllGlobals());

  it('stores adminToken only after the aal2 session passed GET /api/admin/me', async () => {
    passwordOk();
    auth.mfa.verify.mockResolvedValue({ data: session('aal2-token'), error: null });
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/verifications?status=processing': () => json({ items: [] }),
    });
    const { router } = renderAdmin('/admin/sign-in');
    const user = userEvent.setup();

    await enterCredentials(user);
    expect(auth.signInWithPassword).toHaveBeenCalledWith({ email: 'admin@fanmint.test', password: 'Secret-pass-1' });
    const code = await screen.findByLabelText(/Authentication code/);
    expect(adminToken()).toBeNull();
    expect(auth.mfa.challenge).toHaveBeenCalledWith({ factorId: 'factor-1' });

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/verifications'));
    expect(auth.mfa.verify).toHaveBeenCalledWith({ factorId: 'factor-1', challengeId: 'challenge-1', code: '123456' });
    expect(adminToken()).toBe('aal2-token');
    const meCall = fetchMock.mock.calls.find(([url]) => url === '/api/admin/me');
    expect(bearerOf(meCall?.[1])).toBe('Bearer aal2-token');
    // The user's own session is untouched: the console never writes `token`.
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('refuses a non-staff account after the second factor, without storing a token', async () => {
    passwordOk();
    auth.mfa.verify.mockResolvedValue({ data: session('aal2-token'), error: null });
    stubFetch({
      'GET /api/admin/me': () => json({ code: 'forbidden', message: 'This action is for moderators and admins' }, 403),
    });
    const { router } = renderAdmin('/admin/sign-in');
    const user = userEvent.setup();

    await enterCredentials(user);
    await user.type(await screen.findByLabelText(/Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('This account has no moderator or admin access.')).toBeTruthy();
    expect(adminToken()).toBeNull();
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(router.state.location.pathname).toBe('/admin/sign-in');
  });

  it('tells a non-staff account without 2FA that it has no access', async () => {
    passwordOk([]);
    stubFetch({
      'GET /api/admin/me': () => json({ code: 'forbidden', message: 'This action is for moderators and admins' }, 403),
    });
    renderAdmin('/admin/sign-in');
    await enterCredentials(userEvent.setup());
    expect(await screen.findByText('This account has no moderator or admin access.')).toBeTruthy();
    expect(auth.mfa.challenge).not.toHaveBeenCalled();
    expect(adminToken()).toBeNull();
  });

  it('asks a staff account without 2FA to turn it on in /dashboard/security first', async () => {
    passwordOk([]);
    stubFetch({
      'GET /api/admin/me': () => json({ code: 'insufficient_aal', message: 'AAL2 session is required' }, 403),
    });
    renderAdmin('/admin/sign-in');
    await enterCredentials(userEvent.setup());
    expect(await screen.findByText(/Staff accounts must turn on two-factor authentication/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '/dashboard/security' }).getAttribute('href')).toBe('/dashboard/security');
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(adminToken()).toBeNull();
  });

  it('shows a wrong code and prepares a fresh challenge', async () => {
    passwordOk();
    auth.mfa.verify.mockResolvedValue({ data: null, error: { message: 'Invalid TOTP code entered' } });
    const fetchMock = stubFetch({});
    renderAdmin('/admin/sign-in');
    const user = userEvent.setup();
    await enterCredentials(user);
    await user.type(await screen.findByLabelText(/Authentication code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Failed to verify 2FA: Invalid TOTP code entered')).toBeTruthy();
    await waitFor(() => expect(auth.mfa.challenge).toHaveBeenCalledTimes(2));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(adminToken()).toBeNull();
  });

  it('accepts a recovery code instead of the authenticator code', async () => {
    passwordOk();
    auth.getSession.mockResolvedValue({ data: { session: session('aal1-token') }, error: null });
    auth.setSession.mockResolvedValue({ data: {}, error: null });
    const fetchMock = stubFetch({
      'POST /api/account/recovery-codes/redeem': () =>
        json({ access_token: 'aal2-rc', refresh_token: 'r2', expires_in: 3600, token_type: 'bearer', user: {} }),
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/verifications?status=processing': () => json({ items: [] }),
    });
    const { router } = renderAdmin('/admin/sign-in');
    const user = userEvent.setup();
    await enterCredentials(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Use recovery code' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/verifications'));
    const redeem = fetchMock.mock.calls.find(([url]) => url === '/api/account/recovery-codes/redeem');
    expect(bearerOf(redeem?.[1])).toBe('Bearer aal1-token');
    expect(auth.setSession).toHaveBeenCalledWith({ access_token: 'aal2-rc', refresh_token: 'r2' });
    expect(adminToken()).toBe('aal2-rc');
  });

  it('maps invalid credentials to a friendly message', async () => {
    auth.signInWithPassword.mockResolvedValue({
      data: { session: null, user: null },
      error: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
    renderAdmin('/admin/sign-in');
    await enterCredentials(userEvent.setup());
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(auth.mfa.listFactors).not.toHaveBeenCalled();
  });
});
