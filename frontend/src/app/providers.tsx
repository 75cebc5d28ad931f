import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme, themeManager } from './theme';

const NotificationsHost = lazy(() => import('./notifications-host'));

/**
 * The toast container mounts after hydration, in its own chunk: toasts shown earlier wait in its
 * store. Its own component, so mounting it re-renders only itself: a state change in Providers
 * would re-render MantineProvider, whose new context value re-renders every Mantine component on
 * the page in one blocking task (~240 ms of a slow phone's main thread on /sign-up).
 */
function DeferredNotifications() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [colorSchemeManager] = useState(themeManager);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <DeferredNotifications />
      {children}
    </MantineProvider>
  );
}
