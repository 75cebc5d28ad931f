import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { local, StorageKey } from '../../../lib/storage';
import { adminKeys } from '../hooks/admin-keys';
import { AdminMeContext } from '../hooks/use-admin-me';
import { fetchAdminMe } from '../services/admin-api';
import { currentAdminToken, signOutAdmin } from '../services/admin-session.service';

/** 401, or a session that lost its second factor: the console session is over. */
function endsSession(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 401 || (error.status === 403 && error.body?.code === 'insufficient_aal'))
  );
}

async function loadMe() {
  const token = await currentAdminToken();
  if (!token) throw new ApiError(401, { code: 'no_authorization', message: 'Not signed in' });
  try {
    return await fetchAdminMe();
  } catch (error) {
    // Any refusal of /me (expired, no second factor, role taken away) signs the console out.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) await signOutAdmin();
    throw error;
  }
}

/** Sends the console back to sign-in when any admin request answers that the session is over. */
function useSessionEnd() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const end = (key: readonly unknown[] | undefined, error: unknown) => {
      if (key?.[0] !== 'admin' || key[1] === 'me' || !endsSession(error)) return;
      client.removeQueries({ queryKey: adminKeys.all });
      notify.info('Your console session has ended. Please sign in again.');
      void signOutAdmin().then(() => navigate('/admin/sign-in', { replace: true }));
    };
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') end(event.query.queryKey, event.action.error);
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') end(['admin'], event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client, navigate]);
}

/** /admin/*: needs `adminToken` and a successful GET /api/admin/me, else /admin/sign-in. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [hasToken, setHasToken] = useState(() => Boolean(local.get(StorageKey.adminToken)));
  const me = useQuery({ queryKey: adminKeys.me, queryFn: loadMe, enabled: hasToken, staleTime: Infinity });
  useSessionEnd();

  // Signing out in another tab removes the token there; follow it here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === StorageKey.adminToken || event.key === null)
        setHasToken(Boolean(local.get(StorageKey.adminToken)));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  if (
    !hasToken ||
    (me.isError && me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 403))
  ) {
    return <Navigate to="/admin/sign-in" replace state={{ from: pathname }} />;
  }
  if (me.isError) {
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="sm" maw={420} ta="center">
          <Text fw={600}>The console could not reach the server.</Text>
          <Text size="sm" c="dimmed">
            {me.error.message}
          </Text>
          <Button variant="default" onClick={() => void me.refetch()} loading={me.isFetching}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!me.data) {
    return (
      <Center mih="100dvh">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">Loading...</Text>
        </Stack>
      </Center>
    );
  }
  return <AdminMeContext.Provider value={me.data}>{children}</AdminMeContext.Provider>;
}
