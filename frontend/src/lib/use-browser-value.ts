import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A value only the browser knows (location, storage), read so that prerendered markup and the
 * first client render agree: `fallback` while hydrating and on the server, the real value after.
 */
export function useBrowserValue<T>(read: () => T, fallback: T): T {
  return useSyncExternalStore(noSubscription, read, () => fallback);
}

/**
 * False in prerendered markup and during hydration, true once the page runs. Submit buttons of
 * prerendered forms stay disabled until then, so a click that comes before the script never
 * submits the form natively (with the password in the address bar).
 */
export function useHydrated(): boolean {
  return useBrowserValue(() => true, false);
}
