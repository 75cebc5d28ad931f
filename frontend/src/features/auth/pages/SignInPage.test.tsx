import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { SignInPage } from './SignInPage';

const { auth } = vi.hoisted(() => ({
  auth: {
    signInWithPassword: vi.fn(),
    resend: vi.fn(),
    mfa: { listFactors: vi.fn() },
  },
}));
vi.mock('../../../lib/auth-client', () => ({
  auth,
  authRedirectUrl: (path: string) => `http://localhost:3000${path}`,
}));

function renderSignIn() {
  return renderRoutes(
    [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/two-fa-login', element: <p>2FA page</p> },
      { path: '/account-locked', element: <p>Locked page</p> },
    ],
    '/sign-in',
  );
}

async function submit(email = 'fan@example.com', password = 'Str0ng!pass') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), email);
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('SignInPage', () => {
  beforeEach(() => {
    Object.values(auth).forEach((fn) => typeof fn === 'function' && fn.mockReset());
    auth.mfa.listFactors.mockReset();
  });

  it('asks for a valid email and a password before calling the server', async () => {
    renderSignIn();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), 'fan@localhost');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('maps invalid credentials to the spec message', async () => {
    auth.signInWithPassword.mockResolvedValue({
      data: { session: null },
      error: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
    renderSignIn();
    await submit();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).toBeNull();
  });

  it('offers to resend the verification email when the email is not confirmed', async () => {
    auth.signInWithPassword.mockResolvedValue({
      data: { session: null },
      error: { code: 'email_not_confirmed', message: 'Email not confirmed' },
    });
    auth.resend.mockResolvedValue({ data: {}, error: null });
    renderSignIn();
    const user = await submit();
    expect(await screen.findByText('Email not verified. Please check your email.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Verification email resent successfully!')).toBeTruthy();
    expect(auth.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'fan@example.com',
      options: { emailRedirectTo: 'http://localhost:3000/verify-email' },
    });
  });

  it('sends a locked account to /account-locked', async () => {
    auth.signInWithPassword.mockResolvedValue({
      data: { session: null },
      error: { code: 'account_locked', message: 'Too many attempts' },
    });
    const { router } = renderSignIn();
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-locked'));
  });

  it('routes to /two-fa-login when a verified TOTP factor exists', async () => {
    auth.signInWithPassword.mockResolvedValue({ data: { session: { access_token: 'jwt' } }, error: null });
    auth.mfa.listFactors.mockResolvedValue({
      data: { all: [{ id: 'f1', factor_type: 'totp', status: 'verified' }] },
      error: null,
    });
    const { router } = renderSignIn();
    await submit();
    expect(await screen.findByText('Please enter your two-factor authentication code')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/two-fa-login');
  });

  it('posts consent saved at sign-up after the first successful sign-in, then clears it', async () => {
    const payload = {
      consentData: { consentTypes: ['terms_of_service'], consentVersions: ['1.0.0'], ipAddress: '', userAgent: 'x' },
    };
    sessionStorage.setItem('pendingConsent', JSON.stringify(payload));
    const fetchMock = vi.fn().mockResolvedValue(new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    auth.signInWithPassword.mockResolvedValue({ data: { session: { access_token: 'jwt' } }, error: null });
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [] }, error: null });

    const { router } = renderSignIn();
    await submit();
    expect(await screen.findByText('Signed in successfully')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/functions/v1/record-user-consent');
    expect(init.headers.get('Authorization')).toBe('Bearer jwt');
    expect(JSON.parse(init.body)).toEqual(payload);
    expect(sessionStorage.getItem('pendingConsent')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('shows the generic message when sign-in throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    auth.signInWithPassword.mockRejectedValue(new TypeError('Failed to fetch'));
    renderSignIn();
    await submit();
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeTruthy();
  });
});
