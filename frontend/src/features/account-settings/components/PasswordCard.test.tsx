import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';

const { auth } = vi.hoisted(() => ({
  auth: {
    getSession: vi.fn(),
    updateUser: vi.fn(),
    onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe: () => undefined } } })),
    mfa: { listFactors: vi.fn(), challengeAndVerify: vi.fn() },
  },
}));
vi.mock('../../../lib/auth-client', () => ({ auth }));

const apiError = (code: string, message: string) => Object.assign(new Error(message), { code, status: 400 });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  for (const fn of [auth.getSession, auth.updateUser, auth.mfa.listFactors, auth.mfa.challengeAndVerify])
    fn.mockReset();
  auth.getSession.mockResolvedValue({ data: { session: { access_token: 'token-1', user: {} } }, error: null });
  auth.updateUser.mockResolvedValue({ data: { user: {} }, error: null });
});
afterEach(() => vi.unstubAllGlobals());

const renderCard = () => renderRoutes([{ path: '/', element: <PasswordCard /> }], '/');
async function fill(current: string, next: string, confirm = next) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
}

describe('PasswordCard', () => {
  it('shows the sign-up checklist live and refuses a weak or mismatched password without calling the server', async () => {
    renderCard();
    await fill('Old-password-1!', 'short', 'other');
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeTruthy();
    expect(screen.getByText('At least 8 characters').closest('[data-met]')?.getAttribute('data-met')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please ensure your password meets all requirements.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('asks for the current password', async () => {
    renderCard();
    await fill('', 'New-password-2!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('sends the current and new password, then clears the form', async () => {
    renderCard();
    await fill('Old-password-1!', 'New-password-2!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(auth.updateUser).toHaveBeenCalledWith({
        password: 'New-password-2!',
        current_password: 'Old-password-1!',
      }),
    );
    await waitFor(() => expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''));
  });

  it('marks a wrong current password on its field', async () => {
    auth.updateUser.mockResolvedValue({
      data: { user: null },
      error: apiError('current_password_mismatch', 'Current password is incorrect'),
    });
    renderCard();
    await fill('Wrong-password-1!', 'New-password-2!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct')).toBeTruthy();
  });

  it('with 2FA on, asks for a code, verifies it, then changes the password', async () => {
    auth.updateUser.mockResolvedValueOnce({
      data: { user: null },
      error: apiError('insufficient_aal', 'AAL2 session is required'),
    });
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [{ id: 'factor-1' }] }, error: null });
    auth.mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    renderCard();
    await fill('Old-password-1!', 'New-password-2!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const code = await screen.findByLabelText('6-digit code from your authenticator app');
    await userEvent.type(code, '12a3456');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' }),
    );
    await waitFor(() => expect(auth.updateUser).toHaveBeenCalledTimes(2));
  });
});

describe('ProfileCard picture', () => {
  it('uploads a chosen picture and shows it; refuses a file of another type before sending it', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/account/avatar' && (init?.method ?? 'GET') === 'GET')
        return json({ avatarUrl: null });
      if (String(input) === '/api/account/avatar' && init?.method === 'PUT')
        return json({ avatarUrl: '/api/avatars/u1?v=abcdef012345' });
      return json({ message: 'offline' }, 503);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderRoutes(
      [{ path: '/', element: <ProfileCard metadata={{ display_name: 'Alex Fan' }} email="alex@example.com" /> }],
      '/',
    );
    expect(await screen.findByText('AF')).toBeTruthy();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;

    await userEvent.upload(input, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await screen.findByText('Choose a JPEG, PNG or WebP image.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await userEvent.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(
        '/api/avatars/u1?v=abcdef012345',
      ),
    );
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')!;
    expect(init?.body).toBeInstanceOf(FormData);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    expect(screen.getByRole('button', { name: /Remove/ })).toBeTruthy();
  });
});
