import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { getToken, StorageKey, TOKEN_CHANGED_EVENT } from '../../../lib/storage';

/** How long the public navigation shows its loading state while the stored token is rechecked (SPEC §9). */
export const AUTH_RECHECK_MS = 500;

/**
 * Public pages decide "signed in" by the presence of `token` in localStorage,
 * rechecked on every route change (SPEC §4).
 */
export function useTokenPresence(): { hasToken: boolean; checking: boolean } {
  const { pathname } = useLocation();
  const [hasToken, setHasToken] = useState(false);
  const [checking, setChecking] = useState(true);

  useEffect(() => {
    setChecking(true);
    const timer = window.setTimeout(() => {
      setHasToken(Boolean(getToken()));
      setChecking(false);
    }, AUTH_RECHECK_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  useEffect(() => {
    const recheck = () => setHasToken(Boolean(getToken()));
    const onStorage = (event: StorageEvent) => {
      if (event.key === StorageKey.token || event.key === null) recheck();
    };
    window.addEventListener(TOKEN_CHANGED_EVENT, recheck);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(TOKEN_CHANGED_EVENT, recheck);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  return { hasToken, checking };
}
