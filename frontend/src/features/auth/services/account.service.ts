import { ApiError, apiRequest } from '../../../lib/api-client';
import type { ResetPasswordRequest } from '../../../lib/api/types';

export async function verifyEmail(token: string): Promise<void> {
  try {
    await apiRequest(`/api/users/verify-email?token=${encodeURIComponent(token)}`);
  } catch (error) {
    // Only the `error` field is meant for logs (SPEC §7).
    console.error('Email verification failed', error instanceof ApiError ? error.body?.error : error);
    throw error;
  }
}

export async function resetPasswordWithToken(resetToken: string, newPassword: string): Promise<void> {
  const body: ResetPasswordRequest = { resetToken, newPassword };
  await apiRequest('/api/users/reset-password', { method: 'POST', json: body });
}

/** A server message about the password rules is worth showing; anything else stays generic. */
export function passwordRuleMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const message = error.body?.message;
  return typeof message === 'string' && /password/i.test(message) ? message : undefined;
}
