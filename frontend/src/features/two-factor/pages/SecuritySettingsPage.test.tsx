import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { createAuthMock, json, resetAuthMock, sessionWith, stubFetch, verifiedFactor } from '../../../test/mock-auth';
import { SecuritySettingsPage } from './SecuritySettingsPage';

const { auth } = vi.hoisted(() => ({ auth: {} as ReturnType<typeof createAuthMock> }));
vi.mock('../../../lib/auth-client', async () => {
  const { createAuthMock: create } = await import('../../../test/mock-auth');
  Object.assign(auth, create());
  return { auth };
});

const CODES = Array.from({ length: 10 }, (_, i) => `code-${i}`);
const SESSIONS = [
  {
    id: 's1',
    current: true,
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/126.0 Safari/537.36',
    ip: '203.0.113.1',
    createdAt: '2025-01-01T00:00:00Z',
    lastSeenAt: '2025-01-02T00:00:00Z',
    aal: 'aal2',
  },
  {
    id: 's2',
    current: false,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
    ip: '198.51.100.7',
    createdAt: '2025-01-01T00:00:00Z',
    lastSeenAt: '2025-01-03T00:00:00Z',
    aal: 'aal1',
  },
];

function renderPage() {
  return renderRoutes([{ path: '/dashboard/security', element: <SecuritySettingsPage /> }], '/dashboard/security');
}

function setLevel(currentLevel: string, nextLevel: string) {
  auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({ data: { currentLevel, nextLevel }, error: null });
}

describe('SecuritySettingsPage', () => {
  let fetchMock: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetAuthMock(auth);
    auth.getSession.mockResolvedValue({ data: { session: sessionWith('aal1-token') }, error: null });
    fetchMock = stubFetch({
      'GET /api/account/sessions': () => json(SESSIONS),
      'GET /api/account/recovery-codes': () => json({ remaining: 10, generatedAt: '2025-01-01T00:00:00Z' }),
      'POST /api/account/recovery-codes': () => json({ codes: CODES }),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('enables 2FA: QR and setup key, verify, then shows the recovery codes once', async () => {
    setLevel('aal1', 'aal1');
    auth.mfa.listFactors.mockResolvedValue({
      data: { all: [{ id: 'stale', factor_type: 'totp', status: 'unverified' }], totp: [] },
      error: null,
    });
    auth.mfa.unenroll.mockResolvedValue({ data: { id: 'stale' }, error: null });
    auth.mfa.enroll.mockResolvedValue({
      data: {
        id: 'new-factor',
        type: 'totp',
        friendly_name: 'Authenticator App',
        totp: {
          qr_code: 'data:image/svg+xml;utf-8,<svg fill="#000"></svg>',
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x',
        },
      },
      error: null,
    });
    auth.mfa.challenge.mockResolvedValue({ data: { id: 'ch-1' }, error: null });
    auth.mfa.verify.mockResolvedValue({ data: sessionWith('aal2-token'), error: null });

    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enable 2FA' }));

    expect(await screen.findByText('2FA setup initiated. Scan the QR code and enter the token.')).toBeTruthy();
    expect(auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'stale' });
    expect(auth.mfa.enroll).toHaveBeenCalledWith({ factorType: 'totp', friendlyName: 'Authenticator App' });
    const qr = screen.getByAltText('QR code for your authenticator app') as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg fill="#000"></svg>')}`,
    );
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');

    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toHaveProperty('disabled', true);
    auth.mfa.listFactors.mockResolvedValue({
      data: { all: [{ ...verifiedFactor, id: 'new-factor' }], totp: [] },
      error: null,
    });
    await user.type(screen.getByPlaceholderText('Enter 6-digit code'), '654321');
    await user.click(verify);

    expect(await screen.findByText('2FA enabled successfully!')).toBeTruthy();
    expect(auth.mfa.challenge).toHaveBeenCalledWith({ factorId: 'new-factor' });
    expect(auth.mfa.verify).toHaveBeenCalledWith({ factorId: 'new-factor', challengeId: 'ch-1', code: '654321' });
    const dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    for (const code of CODES) expect(within(dialog).getByText(code)).toBeTruthy();
    expect(within(dialog).getByText('Store these safely')).toBeTruthy();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/account/recovery-codes' && init?.method === 'POST',
    );
    expect((post?.[1]?.headers as Headers).get('Authorization')).toBe('Bearer aal2-token');

    // Dismissing needs the "saved" confirmation; then the end-other-sessions offer follows.
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByLabelText('I have saved my recovery codes somewhere safe'));
    await user.click(done);
    expect(await screen.findByRole('dialog', { name: 'Sign out your other devices?' })).toBeTruthy();
    expect(await screen.findByText('Enabled')).toBeTruthy();
  });

  it('reports a wrong setup code with the spec message', async () => {
    setLevel('aal1', 'aal1');
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [] }, error: null });
    auth.mfa.enroll.mockResolvedValue({
      data: { id: 'f', type: 'totp', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'ABC', uri: 'u' } },
      error: null,
    });
    auth.mfa.challenge.mockResolvedValue({ data: { id: 'ch' }, error: null });
    auth.mfa.verify.mockResolvedValue({ data: null, error: { message: 'Invalid TOTP code entered' } });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enable 2FA' }));
    await user.type(await screen.findByPlaceholderText('Enter 6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Failed to verify 2FA token: Invalid TOTP code entered')).toBeTruthy();
    expect(screen.getByTestId('totp-secret')).toBeTruthy();
  });

  it("opens 'Disable Two-Factor Authentication?' and removes every verified factor", async () => {
    setLevel('aal2', 'aal2');
    const second = { ...verifiedFactor, id: 'factor-2' };
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [verifiedFactor, second], totp: [] }, error: null });
    auth.mfa.unenroll.mockResolvedValue({ data: {}, error: null });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('10 left')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Disable 2FA' }));

    const dialog = await screen.findByRole('dialog', { name: 'Disable Two-Factor Authentication?' });
    expect(within(dialog).queryByPlaceholderText('Enter 6-digit code')).toBeNull();
    auth.mfa.listFactors.mockResolvedValueOnce({ data: { all: [verifiedFactor, second], totp: [] }, error: null });
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [] }, error: null });
    await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));

    expect(await screen.findByText('2FA disabled successfully')).toBeTruthy();
    expect(auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-1' });
    expect(auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-2' });
    expect(await screen.findByRole('button', { name: 'Enable 2FA' })).toBeTruthy();
  });

  it('asks an aal1 session for a current code before disabling', async () => {
    setLevel('aal1', 'aal2');
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [verifiedFactor], totp: [] }, error: null });
    auth.mfa.challenge.mockResolvedValue({ data: { id: 'ch' }, error: null });
    auth.mfa.verify.mockResolvedValue({ data: sessionWith('aal2-token'), error: null });
    auth.mfa.unenroll.mockResolvedValue({ data: {}, error: null });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable 2FA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Two-Factor Authentication?' });
    const confirm = within(dialog).getByRole('button', { name: 'Disable 2FA' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByPlaceholderText('Enter 6-digit code'), '246810');
    await user.click(confirm);
    expect(await screen.findByText('2FA disabled successfully')).toBeTruthy();
    expect(auth.mfa.verify).toHaveBeenCalledWith({ factorId: 'factor-1', challengeId: 'ch', code: '246810' });
    expect(auth.mfa.verify.mock.invocationCallOrder[0]).toBeLessThan(auth.mfa.unenroll.mock.invocationCallOrder[0]);
  });

  it('shows the status failure message', async () => {
    setLevel('aal1', 'aal1');
    auth.mfa.listFactors.mockResolvedValue({ data: null, error: { message: 'boom' } });
    renderPage();
    expect((await screen.findAllByText('Failed to fetch 2FA status. Please try again.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('changes the password only with the current one, when the new one holds every rule and both entries match', async () => {
    setLevel('aal1', 'aal1');
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [] }, error: null });
    auth.updateUser.mockResolvedValue({ data: { user: {} }, error: null });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Password' });
    const current = within(card).getByLabelText('Current password', { selector: 'input' });
    const password = within(card).getByLabelText('New password', { selector: 'input' });
    const confirmation = within(card).getByLabelText('Confirm new password', { selector: 'input' });
    const change = within(card).getByRole('button', { name: 'Change password' });

    await user.type(password, 'Str0ng!pass');
    await user.type(confirmation, 'Str0ng!pass');
    expect((change as HTMLButtonElement).disabled).toBe(true);
    await user.type(current, 'Old-Pass-1!');
    await user.clear(password);
    await user.clear(confirmation);
    await user.type(password, 'weakpass');
    await user.type(confirmation, 'weakpass');
    await user.click(change);
    expect((await screen.findAllByText('Please ensure your password meets all requirements.')).length).toBe(2);

    await user.clear(password);
    await user.type(password, 'Str0ng!pass');
    await user.click(change);
    expect(await within(card).findByText('Passwords do not match')).toBeTruthy();
    expect(auth.updateUser).not.toHaveBeenCalled();

    await user.clear(confirmation);
    await user.type(confirmation, 'Str0ng!pass');
    await user.click(change);
    await waitFor(() =>
      expect(auth.updateUser).toHaveBeenCalledWith({ password: 'Str0ng!pass', current_password: 'Old-Pass-1!' }),
    );
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
  });

  it('says so beside the field when the current password is wrong', async () => {
    setLevel('aal1', 'aal1');
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [] }, error: null });
    auth.updateUser.mockResolvedValue({
      data: { user: null },
      error: Object.assign(new Error('Current password is incorrect'), {
        code: 'current_password_mismatch',
        status: 400,
      }),
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Password' });
    await user.type(within(card).getByLabelText('Current password', { selector: 'input' }), 'Not-It-1!');
    await user.type(within(card).getByLabelText('New password', { selector: 'input' }), 'Str0ng!pass');
    await user.type(within(card).getByLabelText('Confirm new password', { selector: 'input' }), 'Str0ng!pass');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await within(card).findByText('Your current password is not correct')).toBeTruthy();
  });

  it('lists sessions and ends another one', async () => {
    setLevel('aal2', 'aal2');
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [] }, error: null });
    const deleted = vi.fn(() => new Response(null, { status: 204 }));
    fetchMock = stubFetch({
      'GET /api/account/sessions': () => json(SESSIONS),
      'DELETE /api/account/sessions/s2': deleted,
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('Chrome on macOS')).toBeTruthy();
    expect(screen.getByText('Safari on iOS')).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /End session on/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'End session on Safari on iOS' }));
    expect(await screen.findByText('Session ended')).toBeTruthy();
    expect(deleted).toHaveBeenCalled();

    auth.signOut.mockResolvedValue({ error: null });
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledWith({ scope: 'others' }));
  });
});
