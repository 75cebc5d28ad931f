import type { Factor, Session } from '@supabase/auth-js';
import { auth } from '../../../lib/auth-client';

/** The friendly name every authenticator-app factor is enrolled with (SPEC §3). */
export const TOTP_FRIENDLY_NAME = 'Authenticator App';
export const TOTP_CODE_LENGTH = 6;

/** Keeps only digits and caps the length, so pasted codes like "123 456" still work. */
export function normaliseTotpInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH);
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

function fail(error: unknown): never {
  throw error instanceof Error ? error : new Error(errorMessage(error));
}

export interface TotpFactors {
  verified: Factor[];
  unverified: Factor[];
}

export async function listTotpFactors(): Promise<TotpFactors> {
  const { data, error } = await auth.mfa.listFactors();
  if (error) fail(error);
  const totp = (data?.all ?? []).filter((factor) => factor.factor_type === 'totp');
  return {
    verified: totp.filter((factor) => factor.status === 'verified'),
    unverified: totp.filter((factor) => factor.status !== 'verified'),
  };
}

/**
 * auth-js prefixes the raw SVG with `data:image/svg+xml;utf-8,` without escaping it; a `#` in the SVG would then cut
 * the URI short, so the SVG is re-encoded. Anything else (an already-encoded URI) is used as is.
 */
export function qrCodeSrc(qrCode: string): string {
  const match = /^data:image\/svg\+xml;utf-8,(<[\s\S]*)$/.exec(qrCode);
  if (match) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(match[1])}`;
  if (qrCode.trimStart().startsWith('<')) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode)}`;
  return qrCode;
}

export interface TotpEnrollment {
  factorId: string;
  qrCode: string;
  secret: string;
  uri: string;
}

/** Removes stale unverified factors (a failed earlier setup), then enrolls a new authenticator app. */
export async function startTotpEnrollment(): Promise<TotpEnrollment> {
  const { unverified } = await listTotpFactors();
  for (const factor of unverified) {
    const { error } = await auth.mfa.unenroll({ factorId: factor.id });
    if (error) console.warn(`Could not remove the unfinished factor ${factor.id}`, error);
  }
  const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: TOTP_FRIENDLY_NAME });
  if (error) fail(error);
  if (!data || data.type !== 'totp') fail(new Error('Unexpected enrollment response'));
  return { factorId: data.id, qrCode: qrCodeSrc(data.totp.qr_code), secret: data.totp.secret, uri: data.totp.uri };
}

export async function createChallenge(factorId: string): Promise<string> {
  const { data, error } = await auth.mfa.challenge({ factorId });
  if (error) fail(error);
  if (!data) fail(new Error('No challenge was created'));
  return data.id;
}

/** Verifies a code against an existing challenge; resolves to the new aal2 session. */
export async function verifyChallenge(factorId: string, challengeId: string, code: string): Promise<Session> {
  const { data, error } = await auth.mfa.verify({ factorId, challengeId, code });
  if (error) fail(error);
  return data as unknown as Session;
}

/** challenge + verify in one step, used when no challenge is pending (setup, step-up). */
export async function challengeAndVerify(factorId: string, code: string): Promise<Session> {
  const challengeId = await createChallenge(factorId);
  return verifyChallenge(factorId, challengeId, code);
}

export async function unenrollFactor(factorId: string): Promise<void> {
  const { error } = await auth.mfa.unenroll({ factorId });
  if (error) fail(error);
}

export interface AssuranceLevel {
  currentLevel: string | null;
  nextLevel: string | null;
}

export async function getAssuranceLevel(): Promise<AssuranceLevel> {
  const { data, error } = await auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) fail(error);
  return { currentLevel: data?.currentLevel ?? null, nextLevel: data?.nextLevel ?? null };
}

/** True when the session is aal1 but the account has a second factor, so aal2-only actions need a code first. */
export function needsStepUp(level: AssuranceLevel | undefined): boolean {
  return level?.currentLevel === 'aal1' && level.nextLevel === 'aal2';
}

/** Raises an aal1 session to aal2 with a current code from the first verified authenticator. */
export async function stepUpWithCode(code: string): Promise<Session> {
  const { verified } = await listTotpFactors();
  if (verified.length === 0) fail(new Error('No enabled 2FA found. Please refresh the page.'));
  return challengeAndVerify(verified[0].id, code);
}

export async function currentAccessToken(): Promise<string | undefined> {
  const { data } = await auth.getSession();
  return data.session?.access_token;
}
