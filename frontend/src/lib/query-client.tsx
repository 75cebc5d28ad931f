import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | null = null;

/** One client for the whole tab, created when the first page that needs it loads. */
export function sharedQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}

/**
 * Gives a page the query client. Pages that fetch or mutate are wrapped where their route is
 * declared, so marketing pages never download the query library.
 */
export function withQueryClient<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={sharedQueryClient()}>
        <Page {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Page.displayName ?? Page.name})`;
  return WithQueryClient;
}
