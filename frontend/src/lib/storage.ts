/** Every browser-storage key the app uses, in one place (SPEC §3). */
export const StorageKey = {
  token: 'token',
  adminToken: 'adminToken',
  theme: 'theme',
  cookieConsent: 'cookieConsent',
  /** 'true' once this browser entered the site password (the server's signed cookie is what counts). */
  sitePasswordAuthenticated: 'SITE_PASSWORD_AUTHENTICATED',
} as const;

export const SessionKey = {
  pendingConsent: 'pendingConsent',
} as const;

/** Fired on window whenever `token` changes in this tab (the native storage event only reaches other tabs). */
export const TOKEN_CHANGED_EVENT = 'fanmint:token-changed';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can throw in private modes or when disabled; the app keeps working without it.
    return fallback;
  }
}

export const local = {
  get: (key: string): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string): string | null => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.sessionStorage.removeItem(key), undefined),
};

export function readJson<T>(raw: string | null): T | null {
  if (!raw) return null;
  return safe(() => JSON.parse(raw) as T, null);
}

export function getToken(): string | null {
  return local.get(StorageKey.token);
}

export function setToken(token: string | null): void {
  if (token === getToken()) return;
  if (token) local.set(StorageKey.token, token);
  else local.remove(StorageKey.token);
  window.dispatchEvent(new Event(TOKEN_CHANGED_EVENT));
}
