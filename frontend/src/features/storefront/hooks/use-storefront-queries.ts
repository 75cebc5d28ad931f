import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { submitAppeal, submitReport, submitTakedown } from '../services/moderation.service';
import {
  getStore,
  getStoreContent,
  isAccountRequired,
  isAgeCheckRequired,
  isNotFound,
  listCategories,
  listStores,
  type DirectoryFilters,
} from '../services/storefront.service';

/** Every key depends on whether the caller is signed in: the API shows adult stores only to accounts. */
export const storefrontKeys = {
  directory: (filters: DirectoryFilters, signedIn: boolean) => ['storefront', 'directory', filters, signedIn] as const,
  categories: ['storefront', 'categories'] as const,
  store: (slug: string, signedIn: boolean) => ['storefront', 'store', slug, signedIn] as const,
  content: (slug: string, signedIn: boolean) => ['storefront', 'content', slug, signedIn] as const,
};

export function useStoreDirectory(filters: DirectoryFilters, signedIn: boolean) {
  return useInfiniteQuery({
    queryKey: storefrontKeys.directory(filters, signedIn),
    queryFn: ({ pageParam }) => listStores(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The current stores stay on screen while a new search or sort loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCategories() {
  return useQuery({ queryKey: storefrontKeys.categories, queryFn: listCategories, staleTime: 5 * 60_000 });
}

/** Answers that will not change on a retry (not found, adult store without an account or the age check) are not retried. */
const retryable = (count: number, error: Error) =>
  count < 1 && !isNotFound(error) && !isAccountRequired(error) && !isAgeCheckRequired(error);

export function useStoreProfile(slug: string, signedIn: boolean) {
  return useQuery({ queryKey: storefrontKeys.store(slug, signedIn), queryFn: () => getStore(slug), retry: retryable });
}

export function useStoreContent(slug: string, signedIn: boolean, enabled: boolean) {
  return useQuery({
    queryKey: storefrontKeys.content(slug, signedIn),
    queryFn: () => getStoreContent(slug),
    enabled,
    retry: retryable,
  });
}

export const useSubmitReport = () => useMutation({ mutationFn: submitReport });
export const useSubmitTakedown = () => useMutation({ mutationFn: submitTakedown });
export const useSubmitAppeal = () => useMutation({ mutationFn: submitAppeal });
