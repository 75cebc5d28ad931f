import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { App } from './app/App';
import { routes } from './app/router';

/**
 * Loads the code of the routes the current URL matches before the first render, so hydration of a
 * prerendered page sees exactly the markup the server wrote (lazy routes would render nothing yet).
 */
async function resolveLazyMatches(tree: RouteObject[]): Promise<void> {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root') as HTMLElement;

  if (document.querySelector('meta[name="fanmint-site-gate"]')) {
    const { GateApp, forgetSiteUnlock } = await import('./features/site-gate/GateApp');
    forgetSiteUnlock();
    hydrateRoot(container, <GateApp />);
    return;
  }

  await resolveLazyMatches(routes);
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);

  // Keeps `token` in step with the auth session; not needed for the first paint.
  const later = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
  later(() => void import('./lib/auth-client'));
}

void start();
