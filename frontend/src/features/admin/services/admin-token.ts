import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { local, StorageKey } from '../../../lib/storage';

export function getAdminToken(): string | null {
  return local.get(StorageKey.adminToken);
}

export function setAdminToken(token: string): void {
  local.set(StorageKey.adminToken, token);
}

export function clearAdminToken(): void {
  local.remove(StorageKey.adminToken);
}

interface AuthEvents {
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): unknown;
}

/**
 * Keeps `adminToken` equal to the console session's access token once sign-in finished. It is only
 * replaced, never created here: sign-in writes it after the second factor and GET /api/admin/me,
 * so a password-only (aal1) session never reaches it.
 */
export function keepAdminTokenCurrent(client: AuthEvents): void {
  client.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT') {
      clearAdminToken();
      return;
    }
    if (event === 'TOKEN_REFRESHED' && session && getAdminToken()) setAdminToken(session.access_token);
  });
}
