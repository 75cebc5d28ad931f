import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useStoredToken } from '../../../lib/use-stored-token';

/** How long the public navigation shows its loading state while the stored token is rechecked (SPEC §9). */
export const AUTH_RECHECK_MS = 500;

/**
 * Public pages decide "signed in" by the presence of `token` in localStorage, rechecked on every
 * route change with a short loading state (SPEC §4).
 */
export function useTokenPresence(): { hasToken: boolean; checking: boolean } {
  const { pathname } = useLocation();
  const hasToken = useStoredToken();
  const [checking, setChecking] = useState(true);

  useEffect(() => {
    setChecking(true);
    const timer = window.setTimeout(() => setChecking(false), AUTH_RECHECK_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  return { hasToken, checking };
}
