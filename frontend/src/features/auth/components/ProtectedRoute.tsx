import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { auth } from '../../../lib/auth-client';

type GuardState = 'checking' | 'allowed' | 'denied' | 'second-factor';

/**
 * Login guard for /dashboard/*: 'Loading...' while the session is checked, /sign-in without one,
 * and /two-fa-login for a password-only session of an account that has 2FA on.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const [state, setState] = useState<GuardState>('checking');

  useEffect(() => {
    let active = true;
    auth
      .getSession()
      .then(async ({ data, error }) => {
        if (error) console.error('Session check failed', error);
        if (error || !data.session) return active && setState('denied');
        const level = await auth.mfa.getAuthenticatorAssuranceLevel();
        const needsCode = level.data?.currentLevel === 'aal1' && level.data.nextLevel === 'aal2';
        if (active) setState(needsCode ? 'second-factor' : 'allowed');
      })
      .catch((error: unknown) => {
        console.error('Session check failed', error);
        if (active) setState('denied');
      });

    return () => {
      active = false;
    };
  }, []);

  if (state === 'checking') {
    return (
      <Center mih="100dvh">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">Loading...</Text>
        </Stack>
      </Center>
    );
  }
  if (state === 'denied') return <Navigate to="/sign-in" replace />;
  if (state === 'second-factor') return <Navigate to="/two-fa-login" replace />;
  return children;
}
