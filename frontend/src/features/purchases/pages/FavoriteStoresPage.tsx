import { ActionIcon, Center, Loader, SimpleGrid, Stack, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartOff } from '@tabler/icons-react';
import { usePageMeta } from '../../../lib/page-meta';
import { StoreCard } from '@/features/store-card';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '@/shared/ui/LoadError';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { useFavoriteToggle } from '../hooks/use-favorite-toggle';
import { useFavorites } from '../hooks/use-purchase-queries';
import type { FavoriteStoreDto } from '../services/purchase-types';

function FavoriteCard({ favorite }: { favorite: FavoriteStoreDto }) {
  const toggle = useFavoriteToggle(favorite.storeSlug);
  const store = {
    slug: favorite.storeSlug,
    displayName: favorite.displayName,
    tagline: favorite.tagline,
    accentColor: favorite.accentColor,
    isNsfw: favorite.isNsfw,
    categories: [],
    createdAt: favorite.favoritedAt,
  };
  return (
    <li style={{ position: 'relative', height: '100%' }}>
      <StoreCard store={store} categories={undefined} />
      <Tooltip label="Remove from favourites">
        <ActionIcon
          variant="default"
          radius="xl"
          size={28}
          aria-label={`Remove ${favorite.displayName} from favourites`}
          onClick={() => toggle.mutate(false)}
          loading={toggle.isPending}
          style={{ position: 'absolute', top: 8, left: 8 }}
        >
          <IconHeartOff size={16} />
        </ActionIcon>
      </Tooltip>
    </li>
  );
}

/** SPEC §2 My Favorite Stores (live phase): the stores the fan hearted, each linking to its page. */
export function FavoriteStoresPage() {
  usePageMeta({ title: 'My Favorite Stores', noindex: true });
  const favorites = useFavorites();
  let body;
  if (favorites.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading your favourite stores" />
      </Center>
    );
  } else if (favorites.isError) {
    body = <LoadError title="Your favourite stores could not be loaded" onRetry={() => void favorites.refetch()} />;
  } else if (favorites.data.length === 0) {
    body = (
      <EmptyState icon={IconHeart} title="No favourite stores yet">
        Tap the heart on a store’s page to keep it here.
      </EmptyState>
    );
  } else {
    body = (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="lg"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {favorites.data.map((favorite) => (
          <FavoriteCard key={favorite.storeSlug} favorite={favorite} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <DashboardPageHeader title="My Favorite Stores" description="The creator stores you saved, one tap away." />
      {body}
    </Stack>
  );
}
