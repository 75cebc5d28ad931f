import './app/mantine-styles';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { App } from './app/App';
import { routes } from './app/router';
import { getToken } from './lib/storage';

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
  // Give the browser a turn between evaluating the page's code and starting to hydrate it.
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // Hydrating as a transition lets React yield to the browser between components, so a slow phone
  // stays responsive while the prerendered page comes alive.
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);

  // With a stored token, the auth client keeps it in step with the session (refresh, sign-out in
  // another tab). Without one there is nothing to keep: pages that sign in load the client themselves.
  if (getToken()) {
    const later = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    later(() => void import('./lib/auth-client'));
  }
}

void start();
