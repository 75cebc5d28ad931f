import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Providers } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

/** Renders routes inside the real app providers (theme, notifications, query client) at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <Providers>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Providers>,
  );
  return { ...utils, router };
}

export function renderAt(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}
