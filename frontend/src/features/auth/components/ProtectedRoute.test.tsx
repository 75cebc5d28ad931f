import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { ProtectedRoute } from './ProtectedRoute';

const { getSession, getAuthenticatorAssuranceLevel } = vi.hoisted(() => ({
  getSession: vi.fn(),
  getAuthenticatorAssuranceLevel: vi.fn(),
}));
vi.mock('../../../lib/auth-client', () => ({ auth: { getSession, mfa: { getAuthenticatorAssuranceLevel } } }));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const routes = [
  { path: '/sign-in', element: <p>Sign-in page</p> },
  { path: '/two-fa-login', element: <p>Two-factor page</p> },
  {
    path: '/dashboard',
    element: (
      <ProtectedRoute>
        <p>Secret dashboard</p>
      </ProtectedRoute>
    ),
  },
];

describe('ProtectedRoute', () => {
  beforeEach(() => {
    getSession.mockReset();
    getAuthenticatorAssuranceLevel.mockReset();
    getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal1', nextLevel: 'aal1' },
      error: null,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("shows 'Loading...' while checking, then redirects to /sign-in without a session", async () => {
    const check = deferred<unknown>();
    getSession.mockReturnValue(check.promise);
    const { router } = renderRoutes(routes, '/dashboard');

    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('Secret dashboard')).toBeNull();

    check.resolve({ data: { session: null }, error: null });
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('shows the content when a session exists', async () => {
    getSession.mockResolvedValue({ data: { session: { access_token: 'jwt' } }, error: null });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Secret dashboard')).toBeTruthy();
  });

  it('sends a password-only session of a 2FA account to /two-fa-login', async () => {
    getSession.mockResolvedValue({ data: { session: { access_token: 'jwt' } }, error: null });
    getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal1', nextLevel: 'aal2' },
      error: null,
    });
    const { router } = renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Two-factor page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/two-fa-login');
  });

  it('redirects when the session check throws', async () => {
    getSession.mockRejectedValue(new Error('network down'));
    const { router } = renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('redirects when the session check returns an error', async () => {
    getSession.mockResolvedValue({ data: { session: null }, error: new Error('bad session') });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
  });
});
