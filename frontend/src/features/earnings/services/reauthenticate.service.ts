import { ApiError, apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';
import { listTotpFactors, stepUpWithCode } from '@/features/two-factor';

/** The API asks for a fresh sign-in (password or 2FA code within 10 minutes) before a payout method change. */
export const isReauthenticationNeeded = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.body?.code === 'reauthentication_needed';

/** With 2FA on, only a code re-authenticates; otherwise the password. */
export async function reauthenticationMethod(): Promise<'password' | 'code'> {
  const { verified } = await listTotpFactors();
  return verified.length > 0 ? 'code' : 'password';
}

/** Confirms the password on the current session (POST /api/account/reauthenticate). */
export const reauthenticateWithPassword = (password: string) =>
  apiRequest<ApiSchemas['ReauthenticatedDto']>('/api/account/reauthenticate', {
    method: 'POST',
    json: { password } satisfies ApiSchemas['ReauthenticateDto'],
  });

/** A verified 2FA code refreshes the current session's sign-in time (MFA challenge + verify). */
export const reauthenticateWithCode = async (code: string) => {
  await stepUpWithCode(code);
};
