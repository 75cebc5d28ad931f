import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useVerificationStatus, verificationView } from '@/features/verification';
import {
  checkSlug,
  getCategories,
  getMyStore,
  openStore,
  updateMyStore,
  uploadStoreImage,
  removeStoreImage,
  type Store,
} from '../services/store.service';

export const storeKeys = {
  mine: ['creator-studio', 'store'] as const,
  slug: (slug: string) => ['creator-studio', 'slug', slug] as const,
  categories: ['creator-studio', 'categories'] as const,
};

/** The creator's store, or null before one is opened (404 no_store). */
export function useMyStore() {
  return useQuery({
    queryKey: storeKeys.mine,
    queryFn: async (): Promise<Store | null> => {
      try {
        return await getMyStore();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

function useStoreWrite<TVariables>(mutationFn: (variables: TVariables) => Promise<Store>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (store) => client.setQueryData(storeKeys.mine, store) });
}

export const useOpenStore = () => useStoreWrite(openStore);
export const useUpdateStore = () => useStoreWrite(updateMyStore);
export const useUploadStoreImage = () => useStoreWrite(uploadStoreImage);
export const useRemoveStoreImage = () => useStoreWrite(removeStoreImage);

export function useSlugAvailability(slug: string) {
  return useQuery({
    queryKey: storeKeys.slug(slug),
    queryFn: () => checkSlug(slug),
    enabled: slug.length > 0,
    staleTime: 15_000,
  });
}

export function useCategories() {
  const query = useQuery({ queryKey: storeKeys.categories, queryFn: getCategories, staleTime: Infinity });
  return { categories: query.data ?? [], loading: query.isPending, failed: query.isError };
}

export type CreatorVerification = 'loading' | 'verified' | 'processing' | 'not_verified' | 'unknown';

/** Only verified creators open a store or upload (SPEC §6); the pages say so before the creator fills a form. */
export function useCreatorVerification(): CreatorVerification {
  const status = useVerificationStatus();
  if (status.isPending) return 'loading';
  // Without the status the server decides (403 not_verified) and the page reacts then.
  if (status.isError) return 'unknown';
  const view = verificationView(status.data?.status);
  if (view === 'accepted') return 'verified';
  return view === 'processing' ? 'processing' : 'not_verified';
}
