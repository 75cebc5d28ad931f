import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { SignUpPage } from './SignUpPage';

const { signUp } = vi.hoisted(() => ({ signUp: vi.fn() }));
vi.mock('../../../lib/auth-client', () => ({
  auth: { signUp },
  authRedirectUrl: (path: string) => `http://localhost:3000${path}`,
}));

const submitButton = () => screen.getByRole('button', { name: 'Create Account' });

async function fillForm(password = 'Str0ng!pass', confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), 'fan@example.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), password);
  await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), confirm);
  return user;
}

describe('SignUpPage', () => {
  beforeEach(() => signUp.mockReset());

  it('enables submit with terms accepted and marketing left unchecked', async () => {
    renderAt(<SignUpPage />, '/sign-up');
    const user = await fillForm();
    expect(submitButton().hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    expect((screen.getByRole('checkbox', { name: /product news/ }) as HTMLInputElement).checked).toBe(false);
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it('keeps submit disabled while a password rule fails, even with terms accepted', async () => {
    renderAt(<SignUpPage />, '/sign-up');
    const user = await fillForm('weakpassword');
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    expect(submitButton().hasAttribute('disabled')).toBe(true);
  });

  it('signs up with consent metadata and keeps the consent for the first sign-in when no session comes back', async () => {
    signUp.mockResolvedValue({ data: { user: { id: 'u1' }, session: null }, error: null });
    renderAt(<SignUpPage />, '/sign-up');
    const user = await fillForm();
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(submitButton());

    await waitFor(() => expect(signUp).toHaveBeenCalledTimes(1));
    const args = signUp.mock.calls[0][0];
    expect(args).toMatchObject({
      email: 'fan@example.com',
      password: 'Str0ng!pass',
      options: {
        emailRedirectTo: 'http://localhost:3000/verify-email',
        data: { marketing_consent: false, terms_accepted: true, terms_version: '1.0.0', marketing_version: null },
      },
    });
    expect(
      await screen.findByText('Account created successfully! Please check your email for verification.'),
    ).toBeTruthy();
    const pending = JSON.parse(sessionStorage.getItem('pendingConsent') ?? 'null');
    expect(pending.consentData.consentTypes).toEqual(['terms_of_service', 'privacy_policy']);
    expect(pending.consentData.consentVersions).toEqual(['1.0.0', '1.0.0']);
  });

  it("puts the page's next (the store and item) into the confirmation link, and refuses an off-site one", async () => {
    signUp.mockResolvedValue({ data: { user: { id: 'u1' }, session: null }, error: null });
    for (const [next, redirect] of [
      [
        '/stores/jane?buy=item-1&ref=R1',
        'http://localhost:3000/verify-email?next=%2Fstores%2Fjane%3Fbuy%3Ditem-1%26ref%3DR1',
      ],
      ['//evil.example/x', 'http://localhost:3000/verify-email'],
    ]) {
      signUp.mockClear();
      const { unmount } = renderAt(<SignUpPage />, `/sign-up?next=${encodeURIComponent(next)}`);
      const user = await fillForm();
      await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
      await user.click(submitButton());
      await waitFor(() => expect(signUp).toHaveBeenCalledTimes(1));
      expect(signUp.mock.calls[0][0].options.emailRedirectTo).toBe(redirect);
      unmount();
    }
  });

  it('refuses mismatched passwords without calling the server', async () => {
    renderAt(<SignUpPage />, '/sign-up');
    const user = await fillForm('Str0ng!pass', 'Str0ng!pasS');
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(submitButton());
    expect((await screen.findAllByText('Passwords do not match')).length).toBeGreaterThan(0);
    expect(signUp).not.toHaveBeenCalled();
  });

  it('tells an existing user to sign in and focuses the email field', async () => {
    signUp.mockResolvedValue({ data: { user: null, session: null }, error: { message: 'User already registered' } });
    renderAt(<SignUpPage />, '/sign-up');
    const user = await fillForm();
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(submitButton());
    expect(await screen.findByText('This email is already registered. Please sign in instead.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/, { selector: 'input' }));
  });
});
