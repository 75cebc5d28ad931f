import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A value only the browser knows (location, storage), read so that prerendered markup and the
 * first client render agree: `fallback` while hydrating and on the server, the real value after.
 */
export function useBrowserValue<T>(read: () => T, fallback: T): T {
  return useSyncExternalStore(noSubscription, read, () => fallback);
}
