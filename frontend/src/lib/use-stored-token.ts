import { useEffect, useState } from 'react';
import { getToken, StorageKey, TOKEN_CHANGED_EVENT } from './storage';

/**
 * Whether a `token` is in localStorage, decided only after mount: the prerendered HTML and the
 * first client render both show the signed-out variant, so hydration always matches.
 */
export function useStoredToken(): boolean {
  const [hasToken, setHasToken] = useState(false);

  useEffect(() => {
    const sync = () => setHasToken(Boolean(getToken()));
    const onStorage = (event: StorageEvent) => {
      if (event.key === StorageKey.token || event.key === null) sync();
    };
    sync();
    window.addEventListener(TOKEN_CHANGED_EVENT, sync);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(TOKEN_CHANGED_EVENT, sync);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  return hasToken;
}
