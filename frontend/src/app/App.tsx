import { RouterProvider } from 'react-router-dom';
import type { createBrowserRouter } from 'react-router-dom';
import { Providers } from './providers';

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
