import { Center, Loader } from '@mantine/core';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useContext, type ReactNode } from 'react';
import { usePlatformConfig } from '../../lib/platform-config';
import { sharedQueryClient } from '../../lib/query-client';
import { useHydrated } from '../../lib/use-browser-value';

export interface LaunchPhaseSwitchProps {
  /** Today's pre-launch page: also what the prerendered HTML and the hydrating render show. */
  prelaunch: ReactNode;
  /** The real feature (usually a lazy page), shown once the platform config says 'live'. */
  live: ReactNode;
  /** Shown while the config loads; the pre-launch page unless given (a page never prerendered can show a loader). */
  pending?: ReactNode;
}

export function PageLoader() {
  return (
    <Center py={96} aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}

function Switch({ prelaunch, live, pending = prelaunch }: LaunchPhaseSwitchProps) {
  const hydrated = useHydrated();
  const config = usePlatformConfig();
  if (!hydrated) return prelaunch;
  if (config.isPending) return pending;
  if (config.data?.launchPhase !== 'live') return prelaunch;
  return <Suspense fallback={<PageLoader />}>{live}</Suspense>;
}

/**
 * Chooses between the pre-launch page and the live feature after hydration, so prerendered
 * markup always hydrates as the pre-launch page. Brings the shared query client when the route
 * did not (the marketing routes are declared without one).
 */
export function LaunchPhaseSwitch(props: LaunchPhaseSwitchProps) {
  const client = useContext(QueryClientContext);
  const content = <Switch {...props} />;
  return client ? content : <QueryClientProvider client={sharedQueryClient()}>{content}</QueryClientProvider>;
}
