import { local, readJson, StorageKey } from '../../../lib/storage';

export interface CookieConsent {
  essential: true;
  analytics: boolean;
  timestamp: string;
}

export function readCookieConsent(): CookieConsent | null {
  return readJson<CookieConsent>(local.get(StorageKey.cookieConsent));
}

export function saveCookieConsent(analytics: boolean): CookieConsent {
  const consent: CookieConsent = { essential: true, analytics, timestamp: new Date().toISOString() };
  local.set(StorageKey.cookieConsent, JSON.stringify(consent));
  return consent;
}

/** Analytics may only run when the visitor accepted all cookies. */
export function analyticsAllowed(): boolean {
  return readCookieConsent()?.analytics === true;
}
