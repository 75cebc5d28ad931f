import { local, StorageKey } from '../../../lib/storage';

export type UnlockResult = { ok: true } | { ok: false; error: string };

/**
 * Sends the password to the server, which compares it with the stored hash (the hash never reaches
 * the browser) and answers with a signed HttpOnly cookie. Messages of SPEC §8.
 */
export async function unlockSite(password: string): Promise<UnlockResult> {
  try {
    const response = await fetch('/api/site-gate/unlock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ password }),
    });
    if (response.ok) {
      local.set(StorageKey.sitePasswordAuthenticated, 'true');
      return { ok: true };
    }
    const body = (await response.json().catch(() => null)) as { error_code?: string; message?: string } | null;
    if (body?.error_code === 'invalid_site_password' || body?.error_code === 'validation_failed')
      return { ok: false, error: 'Invalid password' };
    if (response.status >= 500) return { ok: false, error: 'Failed to verify password' };
    return { ok: false, error: body?.message || 'Authentication failed' };
  } catch (error) {
    return { ok: false, error: error instanceof Error && error.message ? error.message : 'Authentication failed' };
  }
}

/** The server served the gate, so this browser is not unlocked whatever the flag says. */
export function forgetSiteUnlock(): void {
  local.remove(StorageKey.sitePasswordAuthenticated);
}
