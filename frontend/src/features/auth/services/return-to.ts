import { local, readJson } from '../../../lib/storage';

/**
 * Where a visitor goes back to after signing up or in (a store and the item they were buying, with
 * its `?ref=` code). It travels in the `next` query of the auth pages and of the email
 * confirmation link (which may open in another browser), and in localStorage for a day.
 */
const RETURN_KEY = 'returnTo';
const RETURN_TTL_MS = 24 * 3600 * 1000;

/** Only a path of this site: no other origin (`//host`, `/\host`), no control characters. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 500 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters are refused outright.
  return /[\u0000-\u001f\u007f]/.test(raw) ? null : raw;
}

export function rememberReturnTo(path: string): void {
  const safe = safeReturnPath(path);
  if (safe) local.set(RETURN_KEY, JSON.stringify({ path: safe, at: Date.now() }));
}

/** The remembered path, if still fresh, without using it up (the auth pages show where they lead). */
export function peekReturnTo(): string | null {
  const stored = readJson<{ path?: string; at?: number }>(local.get(RETURN_KEY));
  if (!stored?.path || typeof stored.at !== 'number' || Date.now() - stored.at > RETURN_TTL_MS) return null;
  return safeReturnPath(stored.path);
}

/** Where to go after signing in: the page's `next`, else the remembered path; either way it is used up. */
export function takeReturnTo(next: string | null): string | null {
  const target = safeReturnPath(next) ?? peekReturnTo();
  local.remove(RETURN_KEY);
  return target;
}

/** An auth page's address that comes back to `path` afterwards (the server checks `next` again). */
export const withNext = (page: '/sign-in' | '/sign-up' | '/verify-email', path: string | null) =>
  path && safeReturnPath(path) ? `${page}?next=${encodeURIComponent(path)}` : page;
