import type { Session } from '@supabase/auth-js';
import { useEffect, useState } from 'react';
import { auth } from '../../../lib/auth-client';

/** The current auth session, updated on every auth state change (SPEC §4). */
export function useAuthSession(): { session: Session | null; loading: boolean } {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    auth
      .getSession()
      .then(({ data, error }) => {
        if (error) console.error('Session check failed', error);
        if (active) setSession(data.session);
      })
      .catch((error: unknown) => console.error('Session check failed', error))
      .finally(() => active && setLoading(false));

    const { data } = auth.onAuthStateChange((_event, next) => {
      if (!active) return;
      setSession(next);
      setLoading(false);
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, []);

  return { session, loading };
}
