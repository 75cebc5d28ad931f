import { apiRequest } from '../../../lib/api-client';
import { auth } from '../../../lib/auth-client';
import type { components } from '../../../lib/api/schema';

export type DeletionPreview = components['schemas']['DeletionPreviewDto'];

export const DISPLAY_NAME_KEY = 'display_name';

/** Throws the auth client's error so callers show its message. */
function orThrow<T extends { error: Error | null }>(result: T): T {
  if (result.error) throw result.error;
  return result;
}

export async function saveDisplayName(displayName: string): Promise<void> {
  orThrow(await auth.updateUser({ data: { [DISPLAY_NAME_KEY]: displayName.trim() || null } }));
}

/** The link goes to the new address; nothing changes until it is opened. */
export async function requestEmailChange(email: string): Promise<void> {
  orThrow(await auth.updateUser({ email }, { emailRedirectTo: `${window.location.origin}/dashboard/settings` }));
}

export function fetchDeletionPreview(): Promise<DeletionPreview> {
  return apiRequest<DeletionPreview>('/api/account/deletion');
}

/** With 2FA on: proves the code on this session (aal2, fresh), which deletion then accepts. */
export async function confirmWithCode(code: string): Promise<void> {
  const { data } = orThrow(await auth.mfa.listFactors());
  const factor = data?.totp[0];
  if (!factor) throw new Error('No enabled 2FA found. Please refresh the page.');
  orThrow(await auth.mfa.challengeAndVerify({ factorId: factor.id, code }));
}

export async function deleteAccount(password: string | undefined): Promise<void> {
  const { data } = await auth.getSession();
  await apiRequest('/api/account', {
    method: 'DELETE',
    json: password ? { password } : {},
    bearer: data.session?.access_token,
  });
  // Every session is gone on the server; forget this one here too.
  await auth.signOut({ scope: 'local' });
}

/** Saves a server-made file through the browser's download, with the name the server gave it. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { data } = await auth.getSession();
  const response = await fetch(path, { headers: { authorization: `Bearer ${data.session?.access_token ?? ''}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `Download failed (${response.status})`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export type AvatarView = components['schemas']['AvatarDto'];

/** What the server accepts, checked here first so a wrong file is refused before it is sent. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

async function bearer(): Promise<string | undefined> {
  return (await auth.getSession()).data.session?.access_token;
}

export async function fetchAvatar(): Promise<AvatarView> {
  return apiRequest<AvatarView>('/api/account/avatar', { bearer: await bearer() });
}

export async function uploadAvatar(file: File): Promise<AvatarView> {
  const body = new FormData();
  body.append('image', file);
  return apiRequest<AvatarView>('/api/account/avatar', { method: 'PUT', body, bearer: await bearer() });
}

export async function removeAvatar(): Promise<AvatarView> {
  return apiRequest<AvatarView>('/api/account/avatar', { method: 'DELETE', bearer: await bearer() });
}

/**
 * Changes the password, proving the present one (the server checks it under the sign-in lockout).
 * The error keeps the server's code: current_password_mismatch, same_password, weak_password,
 * insufficient_aal (2FA on: a code is needed first, see confirmWithCode).
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  orThrow(await auth.updateUser({ password: newPassword, current_password: currentPassword }));
}
