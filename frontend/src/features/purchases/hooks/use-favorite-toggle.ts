import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { addFavorite, removeFavorite } from '../services/favorites.service';
import type { PublicStore } from '@/features/store-card';
import type { FavoriteStoreDto } from '../services/purchase-types';
import { purchaseKeys } from './use-purchase-queries';

/** The storefront caches a store under ['storefront', 'store', slug, signedIn]. */
const storeKey = (slug: string) => ['storefront', 'store', slug] as const;

/** PUT/DELETE /api/favorites/{slug}, shown at once and rolled back if the server refuses. */
export function useFavoriteToggle(slug: string) {
  const client = useQueryClient();
  const setFlag = (value: boolean) =>
    client.setQueriesData<PublicStore>({ queryKey: storeKey(slug) }, (store) =>
      store ? { ...store, isFavorite: value } : store,
    );

  return useMutation({
    mutationFn: (favorite: boolean) => (favorite ? addFavorite(slug) : removeFavorite(slug)),
    onMutate: (favorite) => {
      setFlag(favorite);
      if (!favorite) {
        client.setQueryData<FavoriteStoreDto[]>(purchaseKeys.favorites, (list) =>
          list?.filter((entry) => entry.storeSlug !== slug),
        );
      }
    },
    onError: (error, favorite) => {
      console.error('Favourite change failed', error);
      setFlag(!favorite);
      notify.error(
        favorite ? 'Could not add the store to your favourites.' : 'Could not remove the store from your favourites.',
      );
    },
    onSettled: () => void client.invalidateQueries({ queryKey: purchaseKeys.favorites }),
  });
}
