import type { AuthError } from '@supabase/auth-js';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { adminAuth } from './admin-auth-client';
import { fetchAdminMe } from './admin-api';
import type { AdminMe } from './admin.types';
import { errorMessage } from './error-message';
import { clearAdminToken, getAdminToken, setAdminToken } from './admin-token';

export const NOT_STAFF_MESSAGE = 'This account has no moderator or admin access.';

export type SignInOutcome =
  | { kind: 'signed-in'; me: AdminMe }
  | { kind: 'needs-code'; factorId: string }
  | { kind: 'not-staff' }
  | { kind: 'needs-2fa-setup' }
  | { kind: 'failed'; message: string };

function signInErrorMessage(error: Pick<AuthError, 'code' | 'message'>): string {
  if (error.code === 'invalid_credentials' || error.message === 'Invalid login credentials')
    return 'Invalid email or password';
  if (error.code === 'email_not_confirmed') return 'Email not verified. Please check your email.';
  return error.message;
}

const isForbidden = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.body?.code === 'forbidden';

/** Ends the console session only: scope 'local' leaves the person's other sessions (their own site login) alone. */
export async function signOutAdmin(): Promise<void> {
  clearAdminToken();
  try {
    const { error } = await adminAuth.signOut({ scope: 'local' });
    if (error) console.warn('Admin sign-out failed; the local session was removed anyway', error);
  } catch (error) {
    console.warn('Admin sign-out failed', error);
  }
}

/** Step 1: email and password. Staff accounts always continue with a second factor. */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  clearAdminToken();
  const { data, error } = await adminAuth.signInWithPassword({ email, password });
  if (error || !data.session) return { kind: 'failed', message: error ? signInErrorMessage(error) : 'Sign-in failed' };

  const factors = await adminAuth.mfa.listFactors();
  if (factors.error) {
    await signOutAdmin();
    return { kind: 'failed', message: factors.error.message };
  }
  const factor = factors.data.all.find((f) => f.factor_type === 'totp' && f.status === 'verified');
  if (factor) return { kind: 'needs-code', factorId: factor.id };

  // No second factor: the API tells staff (403 insufficient_aal) from everyone else (403 forbidden).
  let notStaff = false;
  try {
    await fetchAdminMe(data.session.access_token);
  } catch (probeError) {
    notStaff = isForbidden(probeError);
  }
  await signOutAdmin();
  return { kind: notStaff ? 'not-staff' : 'needs-2fa-setup' };
}

export async function createCodeChallenge(factorId: string): Promise<string> {
  const { data, error } = await adminAuth.mfa.challenge({ factorId });
  if (error || !data) throw error ?? new Error('No challenge was created');
  return data.id;
}

/** The aal2 session is only accepted once the API confirms a staff role; then `adminToken` is written. */
async function finishSignIn(accessToken: string): Promise<SignInOutcome> {
  try {
    const me = await fetchAdminMe(accessToken);
    setAdminToken(accessToken);
    return { kind: 'signed-in', me };
  } catch (error) {
    await signOutAdmin();
    if (isForbidden(error)) return { kind: 'not-staff' };
    return { kind: 'failed', message: errorMessage(error) };
  }
}

/** Step 2: a 6-digit code against a prepared challenge. Throws on a wrong code (the caller re-challenges). */
export async function verifyCode(factorId: string, challengeId: string, code: string): Promise<SignInOutcome> {
  const { data, error } = await adminAuth.mfa.verify({ factorId, challengeId, code });
  if (error || !data) throw error ?? new Error('Verification failed');
  return finishSignIn(data.access_token);
}

interface SessionJson {
  access_token: string;
  refresh_token: string;
}

/** Step 2, alternative: a recovery code traded for an aal2 session. */
export async function redeemRecoveryCode(code: string): Promise<SignInOutcome> {
  const { data } = await adminAuth.getSession();
  if (!data.session) return { kind: 'failed', message: 'Your sign-in expired. Please start again.' };
  const session = await apiRequest<SessionJson>('/api/account/recovery-codes/redeem', {
    method: 'POST',
    json: { code: code.trim() },
    bearer: data.session.access_token,
  });
  const stored = await adminAuth.setSession({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
  });
  if (stored.error) throw stored.error;
  return finishSignIn(session.access_token);
}

/**
 * The console's current access token, refreshed first when it is about to expire (a tab left open
 * overnight), or null when the console is signed out.
 */
export async function currentAdminToken(): Promise<string | null> {
  const stored = getAdminToken();
  if (!stored) return null;
  try {
    const { data } = await adminAuth.getSession();
    if (data.session && data.session.access_token !== stored) setAdminToken(data.session.access_token);
  } catch (error) {
    console.warn('Could not refresh the admin session', error);
  }
  return getAdminToken();
}
