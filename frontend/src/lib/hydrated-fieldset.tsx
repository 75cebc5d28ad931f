import type { ReactNode } from 'react';
import { useHydrated } from './use-browser-value';

/**
 * Wraps the controls of a prerendered form. Until the page's script runs, the fieldset is disabled:
 * nothing can be typed that the form would not see, and nothing can be submitted natively (with a
 * password in the address bar). Invisible otherwise.
 */
export function HydratedFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
