import { useEffect, useState } from 'react';
import { getToken, TOKEN_CHANGED_EVENT } from '../../../lib/storage';

/**
 * Whether a `token` is in localStorage. Always false on the first render (the prerendered HTML has no
 * storage to read), then decided after mount so hydration matches.
 */
export function useStoredToken(): boolean {
  const [hasToken, setHasToken] = useState(false);
  useEffect(() => {
    const check = () => setHasToken(Boolean(getToken()));
    check();
    window.addEventListener(TOKEN_CHANGED_EVENT, check);
    return () => window.removeEventListener(TOKEN_CHANGED_EVENT, check);
  }, []);
  return hasToken;
}
