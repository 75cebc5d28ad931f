import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme, themeManager } from './theme';

const NotificationsHost = lazy(() => import('./notifications-host'));

export function Providers({ children }: { children: ReactNode }) {
  const [colorSchemeManager] = useState(themeManager);
  // The toast container mounts after hydration, in its own chunk: toasts shown earlier wait in its store.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      {mounted && (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      )}
      {children}
    </MantineProvider>
  );
}
