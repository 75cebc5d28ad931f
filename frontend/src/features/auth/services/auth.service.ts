import type { AuthError } from '@supabase/auth-js';
import { withNext } from './return-to';
import {
  buildConsentPayload,
  flushPendingConsent,
  recordConsent,
  signUpMetadata,
  storePendingConsent,
} from './consent.service';

/**
 * The auth client (GoTrue with its session timers, ~100 KB with what it imports) loads when a form
 * is first used, not with the page: on the prerendered sign-up and sign-in pages it was the largest
 * script evaluated while they load. Forms call warmAuthClient when they get focus, so it is
 * usually here by the time they are sent.
 */
const authClient = () => import('../../../lib/auth-client');

export function warmAuthClient(): void {
  void authClient();
}

export type SignInErrorKind = 'invalid_credentials' | 'email_not_confirmed' | 'account_locked' | 'other';

export function classifySignInError(error: Pick<AuthError, 'code' | 'message'>): SignInErrorKind {
  if (error.code === 'invalid_credentials' || error.message === 'Invalid login credentials') {
    return 'invalid_credentials';
  }
  if (error.code === 'email_not_confirmed' || error.message === 'Email not confirmed') return 'email_not_confirmed';
  if (error.code === 'account_locked') return 'account_locked';
  return 'other';
}

export type SignInResult =
  { ok: true; needsSecondFactor: boolean } | { ok: false; kind: SignInErrorKind; message: string };

export async function signIn(email: string, password: string): Promise<SignInResult> {
  const { auth } = await authClient();
  const { data, error } = await auth.signInWithPassword({ email, password });
  if (error) return { ok: false, kind: classifySignInError(error), message: error.message };

  if (data.session) await flushPendingConsent(data.session.access_token);
  return { ok: true, needsSecondFactor: await hasVerifiedTotp() };
}

export async function hasVerifiedTotp(): Promise<boolean> {
  const { auth } = await authClient();
  const { data, error } = await auth.mfa.listFactors();
  if (error) {
    console.error('Failed to list authentication factors', error);
    return false;
  }
  return data.all.some((factor) => factor.factor_type === 'totp' && factor.status === 'verified');
}

export async function resendVerification(email: string, next: string | null = null): Promise<AuthError | null> {
  const { auth, authRedirectUrl } = await authClient();
  const { error } = await auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: authRedirectUrl(withNext('/verify-email', next)) },
  });
  return error;
}

export type SignUpResult = { ok: true } | { ok: false; alreadyRegistered: boolean; message: string };

/** `next` rides in the confirmation link itself, so it still works in another browser or on a phone. */
export async function signUp(
  email: string,
  password: string,
  marketingConsent: boolean,
  next: string | null = null,
): Promise<SignUpResult> {
  const { auth, authRedirectUrl } = await authClient();
  const { data, error } = await auth.signUp({
    email,
    password,
    options: {
      emailRedirectTo: authRedirectUrl(withNext('/verify-email', next)),
      data: signUpMetadata(marketingConsent),
    },
  });
  if (error) {
    return { ok: false, alreadyRegistered: error.message.includes('already registered'), message: error.message };
  }

  const consent = buildConsentPayload(marketingConsent);
  if (data.session) await recordConsent(consent, data.session.access_token);
  else storePendingConsent(consent);
  return { ok: true };
}

export async function requestPasswordReset(email: string): Promise<AuthError | null> {
  const { auth, authRedirectUrl } = await authClient();
  const { error } = await auth.resetPasswordForEmail(email, { redirectTo: authRedirectUrl('/reset-password') });
  return error;
}

/** Second-factor protection refuses a password change from an aal1 session (contract: 401 insufficient_aal). */
export function isSecondFactorBlock(error: Pick<AuthError, 'code' | 'message'>): boolean {
  const text = `${error.code ?? ''} ${error.message}`.toLowerCase();
  return text.includes('insufficient_aal') || text.includes('aal2');
}

async function unenrollTotpFactors(): Promise<void> {
  const { auth } = await authClient();
  const { data, error } = await auth.mfa.listFactors();
  if (error) {
    console.warn('Could not list factors before the password reset', error);
    return;
  }
  for (const factor of data.all.filter((f) => f.factor_type === 'totp')) {
    const { error: unenrollError } = await auth.mfa.unenroll({ factorId: factor.id });
    if (unenrollError) console.warn(`Could not remove factor ${factor.id}`, unenrollError);
  }
}

export type ResetPasswordResult = { ok: true } | { ok: false; secondFactorBlock: boolean; message: string };

export async function resetPassword(password: string): Promise<ResetPasswordResult> {
  const { auth } = await authClient();
  await unenrollTotpFactors();
  const { error } = await auth.updateUser({ password });
  if (error) return { ok: false, secondFactorBlock: isSecondFactorBlock(error), message: error.message };
  return { ok: true };
}

export async function hasSession(): Promise<boolean> {
  const { auth } = await authClient();
  const { data, error } = await auth.getSession();
  if (error) throw error;
  return Boolean(data.session);
}

export async function signOut(): Promise<void> {
  const { auth } = await authClient();
  const { error } = await auth.signOut();
  if (error) console.error('Sign-out failed', error);
}
