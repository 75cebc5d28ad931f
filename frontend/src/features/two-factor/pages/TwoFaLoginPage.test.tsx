import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { createAuthMock, json, resetAuthMock, sessionWith, stubFetch, verifiedFactor } from '../../../test/mock-auth';
import { TwoFaLoginPage } from './TwoFaLoginPage';

const { auth } = vi.hoisted(() => ({ auth: {} as ReturnType<typeof createAuthMock> }));
vi.mock('../../../lib/auth-client', async () => {
  const { createAuthMock: create } = await import('../../../test/mock-auth');
  Object.assign(auth, create());
  return { auth };
});

function renderPage() {
  return renderRoutes(
    [
      { path: '/two-fa-login', element: <TwoFaLoginPage /> },
      { path: '/sign-in', element: <p>Sign-in page</p> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/lost-access-to-2fa', element: <p>Lost access page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    '/two-fa-login',
  );
}

function withFactor() {
  auth.getSession.mockResolvedValue({ data: { session: sessionWith('aal1-token') }, error: null });
  auth.mfa.listFactors.mockResolvedValue({ data: { all: [verifiedFactor], totp: [verifiedFactor] }, error: null });
  auth.mfa.challenge.mockResolvedValue({ data: { id: 'challenge-1', expires_at: 0 }, error: null });
}

const codeInput = () => screen.getByPlaceholderText('Enter 6-digit code');

describe('TwoFaLoginPage', () => {
  beforeEach(() => resetAuthMock(auth));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Verify Code disabled unless the code is exactly 6 characters', async () => {
    withFactor();
    renderPage();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Verify Code' });
    expect(button).toHaveProperty('disabled', true);
    await waitFor(() => expect(auth.mfa.challenge).toHaveBeenCalledWith({ factorId: 'factor-1' }));

    await user.type(codeInput(), '12345');
    expect(button).toHaveProperty('disabled', true);
    await user.type(codeInput(), '6');
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(codeInput()).toHaveProperty('maxLength', 6);
    await user.type(codeInput(), '7');
    expect((codeInput() as HTMLInputElement).value).toBe('123456');
  });

  it('redirects to /sign-in with the spec message when no verified factor exists', async () => {
    auth.getSession.mockResolvedValue({ data: { session: sessionWith('aal1-token') }, error: null });
    auth.mfa.listFactors.mockResolvedValue({
      data: { all: [{ ...verifiedFactor, status: 'unverified' }], totp: [] },
      error: null,
    });
    const { router } = renderPage();
    expect(await screen.findByText('No MFA setup found. Please sign in normally.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(auth.mfa.challenge).not.toHaveBeenCalled();
  });

  it('redirects to /sign-in without a session', async () => {
    auth.getSession.mockResolvedValue({ data: { session: null }, error: null });
    const { router } = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(auth.mfa.listFactors).not.toHaveBeenCalled();
  });

  it('reports a challenge failure and redirects to /sign-in', async () => {
    withFactor();
    auth.mfa.challenge.mockResolvedValue({ data: null, error: { message: 'Too many requests' } });
    const { router } = renderPage();
    expect(await screen.findByText('Error setting up 2FA verification: Too many requests')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('verifies the code and goes to /dashboard', async () => {
    withFactor();
    auth.mfa.verify.mockResolvedValue({ data: sessionWith('aal2-token'), error: null });
    const { router } = renderPage();
    const user = userEvent.setup();
    await waitFor(() => expect(auth.mfa.challenge).toHaveBeenCalled());
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('2FA verification successful')).toBeTruthy();
    expect(auth.mfa.verify).toHaveBeenCalledWith({ factorId: 'factor-1', challengeId: 'challenge-1', code: '123456' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the failure and prepares a fresh challenge for the next attempt', async () => {
    withFactor();
    auth.mfa.verify.mockResolvedValue({
      data: null,
      error: { code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' },
    });
    const { router } = renderPage();
    const user = userEvent.setup();
    await waitFor(() => expect(auth.mfa.challenge).toHaveBeenCalledTimes(1));
    await user.type(codeInput(), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Failed to verify 2FA: Invalid TOTP code entered')).toBeTruthy();
    await waitFor(() => expect(auth.mfa.challenge).toHaveBeenCalledTimes(2));
    expect(router.state.location.pathname).toBe('/two-fa-login');
    expect((codeInput() as HTMLInputElement).value).toBe('');
  });

  it("'Cancel and return to login' signs out and goes to /", async () => {
    withFactor();
    auth.signOut.mockResolvedValue({ error: null });
    const { router } = renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel and return to login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('still goes to / when signing out fails', async () => {
    withFactor();
    auth.signOut.mockResolvedValue({ error: { message: 'network down' } });
    const { router } = renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel and return to login' }));
    expect(await screen.findByText('Error signing out: network down')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('links to /lost-access-to-2fa', async () => {
    withFactor();
    renderPage();
    expect(screen.getByRole('link', { name: /Lost access/ }).getAttribute('href')).toBe('/lost-access-to-2fa');
  });

  it('redeems a recovery code, stores the returned session and goes to /dashboard', async () => {
    withFactor();
    auth.setSession.mockResolvedValue({ data: {}, error: null });
    const fetchMock = stubFetch({
      'POST /api/account/recovery-codes/redeem': () =>
        json({
          access_token: 'aal2-token',
          refresh_token: 'r2',
          expires_in: 3600,
          expires_at: 1,
          token_type: 'bearer',
          user: {},
        }),
    });
    const { router } = renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/Recovery code/), ' abcd-efgh ');
    await user.click(screen.getByRole('button', { name: 'Use Recovery Code' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/account/recovery-codes/redeem');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'abcd-efgh' });
    expect((init?.headers as Headers).get('Authorization')).toBe('Bearer aal1-token');
    expect(auth.setSession).toHaveBeenCalledWith({ access_token: 'aal2-token', refresh_token: 'r2' });
    const redeemOrder = fetchMock.mock.invocationCallOrder[0];
    expect(redeemOrder).toBeLessThan(auth.setSession.mock.invocationCallOrder[0]);
  });

  it('keeps the user on the page when the recovery code is wrong', async () => {
    withFactor();
    stubFetch({
      'POST /api/account/recovery-codes/redeem': () =>
        json({ code: 'invalid_recovery_code', message: 'Invalid or already used recovery code' }, 400),
    });
    const { router } = renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Use Recovery Code' }));
    expect(
      await screen.findByText('Failed to verify recovery code: Invalid or already used recovery code'),
    ).toBeTruthy();
    expect(auth.setSession).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/two-fa-login');
  });
});
