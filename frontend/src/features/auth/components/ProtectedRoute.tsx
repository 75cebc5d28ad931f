import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { auth } from '../../../lib/auth-client';

type GuardState = 'checking' | 'allowed' | 'denied';

/** Login guard for /dashboard/*: 'Loading...' while the session is checked, /sign-in without one. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const [state, setState] = useState<GuardState>('checking');

  useEffect(() => {
    let active = true;
    auth
      .getSession()
      .then(({ data, error }) => {
        if (error) console.error('Session check failed', error);
        if (active) setState(!error && data.session ? 'allowed' : 'denied');
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
  return children;
}
