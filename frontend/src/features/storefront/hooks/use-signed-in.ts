import { useSyncExternalStore } from 'react';
import { getToken, StorageKey, TOKEN_CHANGED_EVENT } from '../../../lib/storage';

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === StorageKey.token || event.key === null) onChange();
  };
  window.addEventListener(TOKEN_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(TOKEN_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Whether a session token is stored. The storefront's live views render only after hydration,
 * so they can read it on their first render (no anonymous request first, then a signed-in one).
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => Boolean(getToken()),
    () => false,
  );
}
