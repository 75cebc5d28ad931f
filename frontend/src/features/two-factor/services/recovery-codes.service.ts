import { apiRequest } from '../../../lib/api-client';
import { auth } from '../../../lib/auth-client';
import { currentAccessToken } from './mfa.service';

export interface RecoveryCodesStatus {
  remaining: number;
  generatedAt: string | null;
}

export interface AuthSessionJson {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at?: number;
  token_type: string;
  user: unknown;
}

/** Generates a fresh set (older codes stop working). Needs an aal2 session. */
export async function generateRecoveryCodes(bearer?: string): Promise<string[]> {
  const { codes } = await apiRequest<{ codes: string[] }>('/api/account/recovery-codes', {
    method: 'POST',
    bearer: bearer ?? (await currentAccessToken()),
  });
  return codes;
}

export async function getRecoveryCodesStatus(): Promise<RecoveryCodesStatus> {
  return apiRequest<RecoveryCodesStatus>('/api/account/recovery-codes', { bearer: await currentAccessToken() });
}

/** Trades a recovery code for an aal2 session (bearer = the aal1 session from the password sign-in). */
export async function redeemRecoveryCode(code: string): Promise<void> {
  const session = await apiRequest<AuthSessionJson>('/api/account/recovery-codes/redeem', {
    method: 'POST',
    json: { code: code.trim() },
    bearer: await currentAccessToken(),
  });
  const { error } = await auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  if (error) throw error;
}

export function recoveryCodesFileText(codes: string[], email?: string | null): string {
  return [
    'Fanmint two-factor authentication recovery codes',
    email ? `Account: ${email}` : null,
    `Generated: ${new Date().toISOString()}`,
    '',
    'Each code can be used once to sign in if you lose access to your authenticator app.',
    'Keep them somewhere safe, such as a password manager. Generating new codes invalidates these.',
    '',
    ...codes,
    '',
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

export function downloadTextFile(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
