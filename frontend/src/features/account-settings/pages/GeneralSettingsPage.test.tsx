import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { GeneralSettingsPage } from './GeneralSettingsPage';

const { auth } = vi.hoisted(() => ({
  auth: {
    getSession: vi.fn(),
    signOut: vi.fn(),
    updateUser: vi.fn(),
    onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe: () => undefined } } })),
    mfa: { listFactors: vi.fn(), challengeAndVerify: vi.fn() },
  },
}));
vi.mock('../../../lib/auth-client', () => ({ auth }));

const session = {
  access_token: 'token-1',
  refresh_token: 'r',
  user: { email: 'fan@example.com', user_metadata: { display_name: 'Alex' } },
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const preview = (overrides: Record<string, unknown> = {}) => ({
  owed: [],
  nextPayoutOn: '2026-12-31',
  activeSubscriptions: 1,
  secondFactorRequired: false,
  canDelete: true,
  ...overrides,
});

function stubFetch(handlers: Record<string, (init?: RequestInit) => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const handler = handlers[`${(init?.method ?? 'GET').toUpperCase()} ${String(input)}`];
    return handler ? handler(init) : json({ message: 'offline' }, 503);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderPage = () =>
  renderRoutes(
    [
      { path: '/dashboard/settings', element: <GeneralSettingsPage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    '/dashboard/settings',
  );

describe('GeneralSettingsPage', () => {
  beforeEach(() => {
    for (const fn of [
      auth.getSession,
      auth.signOut,
      auth.updateUser,
      auth.mfa.listFactors,
      auth.mfa.challengeAndVerify,
    ])
      fn.mockReset();
    auth.getSession.mockResolvedValue({ data: { session }, error: null });
    auth.updateUser.mockResolvedValue({ data: { user: session.user }, error: null });
    auth.signOut.mockResolvedValue({ error: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the account and saves a new display name', async () => {
    renderPage();
    expect(await screen.findByText('fan@example.com')).toBeTruthy();
    const name = await screen.findByLabelText('Display name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Alex'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Alex Fan');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(auth.updateUser).toHaveBeenCalledWith({ data: { display_name: 'Alex Fan' } }));
  });

  it('checks the new email, then sends the confirmation and says where', async () => {
    renderPage();
    const field = await screen.findByLabelText('New email address');
    await userEvent.type(field, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(auth.updateUser).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, 'New@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    await waitFor(() =>
      expect(auth.updateUser).toHaveBeenCalledWith(
        { email: 'New@Example.com' },
        { emailRedirectTo: `${window.location.origin}/dashboard/settings` },
      ),
    );
    expect(
      await screen.findByText(
        /We sent a link to new@example.com and one to .+ Your email changes when both are opened/,
      ),
    ).toBeTruthy();
  });

  it('tells a creator still owed earnings that deletion waits, and offers no delete button', async () => {
    stubFetch({
      'GET /api/account/deletion': () =>
        json(preview({ canDelete: false, owed: [{ currency: 'EUR', amountMinor: 1250 }] })),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/have not been paid out/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Delete my account' })).toBeNull();
  });

  it('deletes with the password after the confirmation box, signs out and leaves', async () => {
    const fetchMock = stubFetch({
      'GET /api/account/deletion': () => json(preview()),
      'DELETE /api/account': () => json({ deleted_at: '2026-12-01T00:00:00Z' }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(await within(dialog).findByLabelText('Password'), 'My-password-1!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Please confirm you understand')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/account', expect.anything());

    await userEvent.click(within(dialog).getByLabelText('I understand this cannot be undone'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([path]) => path === '/api/account')!;
    expect(init).toMatchObject({ method: 'DELETE', body: JSON.stringify({ password: 'My-password-1!' }) });
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('with 2FA on, asks for an authenticator code and verifies it before deleting', async () => {
    stubFetch({
      'GET /api/account/deletion': () => json(preview({ secondFactorRequired: true })),
      'DELETE /api/account': () => json({ deleted_at: '2026-12-01T00:00:00Z' }),
    });
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [{ id: 'factor-1' }] }, error: null });
    auth.mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(await within(dialog).findByLabelText('Authenticator code'), '123456');
    await userEvent.click(within(dialog).getByLabelText('I understand this cannot be undone'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
  });
});
