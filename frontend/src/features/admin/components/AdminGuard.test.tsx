import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  json,
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

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Console' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('console guard and shell', () => {
  beforeEach(() => resetAdminAuthMock(auth));
  afterEach(() => vi.unstubAllGlobals());

  it('redirects to /admin/sign-in without an adminToken, without calling the API', async () => {
    const fetchMock = stubFetch({});
    const { router } = renderAdmin('/admin/verifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sign-in'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('redirects and forgets the token when GET /api/admin/me refuses it', async () => {
    window.localStorage.setItem('adminToken', 'expired');
    stubFetch({ 'GET /api/admin/me': () => json({ code: 'no_authorization', message: 'Expired' }, 401) });
    const { router } = renderAdmin('/admin/verifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sign-in'));
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('shows a moderator the review sections only (no Compliance), with role and email', async () => {
    window.localStorage.setItem('adminToken', 'mod-token');
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      'GET /api/admin/verifications?status=processing': () => json({ items: [] }),
    });
    renderAdmin('/admin/verifications');
    expect(await screen.findByText('mod@fanmint.test')).toBeTruthy();
    expect(screen.getByText('moderator')).toBeTruthy();
    expect(navLinks()).toEqual(['Verification queue', 'Content review', 'Moderation cases']);
  });

  it('shows an admin every section', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/verifications?status=processing': () => json({ items: [] }),
    });
    renderAdmin('/admin/verifications');
    await screen.findByText('admin@fanmint.test');
    expect(navLinks()).toEqual([
      'Verification queue',
      'Content review',
      'Moderation cases',
      'Compliance reports',
      'Users',
      'Site password',
      'Audit log',
    ]);
  });

  it('keeps a moderator out of an admin section opened by URL', async () => {
    window.localStorage.setItem('adminToken', 'mod-token');
    const fetchMock = stubFetch({ 'GET /api/admin/me': () => json(MODERATOR) });
    renderAdmin('/admin/users');
    expect(await screen.findByText('This section is only available to admins.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/admin/me']);
  });

  it('signs out: ends the console session only and clears adminToken', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    window.localStorage.setItem('token', 'user-token');
    stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/verifications?status=processing': () => json({ items: [] }),
    });
    const { router } = renderAdmin('/admin/verifications');
    const { default: userEvent } = await import('@testing-library/user-event');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sign-in'));
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('user-token');
  });

  it('sends the console back to sign-in when a later request answers 401', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/verifications?status=processing': () =>
        json({ code: 'no_authorization', message: 'Expired' }, 401),
    });
    const { router } = renderAdmin('/admin/verifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sign-in'));
    expect(window.localStorage.getItem('adminToken')).toBeNull();
  });
});
