import { Button, Card, Center, Container, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconBuildingStore, IconCloudOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import '../storefront-styles';
import { usePageMeta } from '../../../lib/page-meta';
import { BRAND } from '../../../lib/site';
import marketing from '@/shared/ui/marketing.module.css';
import { PageHeader } from '@/shared/ui/PageHeader';
import { AccountRequired } from '../components/AccountRequired';
import { DirectoryFilters } from '../components/DirectoryFilters';
import { SignedOutNote } from '../components/SignedOutNote';
import { StateMessage } from '@/shared/ui/StateMessage';
import { StoreCard } from '@/features/store-card';
import { useSignedIn } from '../hooks/use-signed-in';
import { useCategories, useStoreDirectory } from '../hooks/use-storefront-queries';
import { isAccountRequired, type DirectoryFilters as Filters, type StoreSort } from '../services/storefront.service';
import { errorMessage } from '@/shared/api-problems';

const GRID_COLS = { base: 1, sm: 2, md: 3 };

function CardSkeletons() {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="lg" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} withBorder radius="lg" padding={0}>
          <Skeleton height={72} radius={0} />
          <Stack gap="sm" p="md">
            <Skeleton height={18} width="60%" />
            <Skeleton height={12} width="90%" />
            <Skeleton height={12} width="40%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** /stores in the live phase: the directory of active stores with search, category and sort in the address. */
export function StoreDirectoryPage() {
  usePageMeta({
    title: 'Creator Stores',
    description: `Browse creator stores on ${BRAND}: exclusive videos, photo albums and subscriptions from independent creators.`,
    keywords: ['creator stores', 'browse creator stores', 'exclusive content stores', BRAND],
  });
  const signedIn = useSignedIn();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const sort: StoreSort = params.get('sort') === 'name' ? 'name' : 'newest';

  const update = (changes: Partial<Record<'q' | 'category' | 'sort', string>>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  // The search box writes to the address after a pause in typing; the address (back button) writes to the box.
  const [search, setSearch] = useState(q);
  const writeSearch = useDebouncedCallback((value: string) => update({ q: value.trim() }), 300);
  const changeSearch = (value: string) => {
    setSearch(value);
    writeSearch(value);
  };
  useEffect(() => {
    setSearch((current) => (current.trim() === q ? current : q));
  }, [q]);

  const filters: Filters = useMemo(() => ({ q, category, sort }), [q, category, sort]);
  const directory = useStoreDirectory(filters, signedIn);
  const categories = useCategories();
  const stores = directory.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(q || category);
  // Signed out, adult stores that match are counted but not listed: say so rather than look empty.
  const adultHidden = signedIn ? 0 : (directory.data?.pages[0]?.adultStoresHidden ?? 0);
  const adultNote =
    adultHidden > 0 ? (
      <AccountRequired
        title="Adult content (18+)"
        message={`${adultHidden === 1 ? '1 store here contains' : `${adultHidden} stores here contain`} adult content (18+). Viewing NSFW stores here needs an account: sign in or sign up to see ${adultHidden === 1 ? 'it' : 'them'}.`}
      />
    ) : null;

  let results;
  if (directory.isPending) {
    results = <CardSkeletons />;
  } else if (directory.isError && stores.length === 0) {
    results = isAccountRequired(directory.error) ? (
      <AccountRequired title="Adult category (18+)" message={errorMessage(directory.error)} />
    ) : (
      <StateMessage
        icon={IconCloudOff}
        title="Stores could not be loaded"
        color="red"
        action={{ label: 'Try again', onClick: () => void directory.refetch() }}
      >
        {errorMessage(directory.error)}
      </StateMessage>
    );
  } else if (stores.length === 0 && adultNote) {
    results = adultNote;
  } else if (stores.length === 0) {
    results = filtered ? (
      <StateMessage
        icon={IconSearch}
        title="No stores match"
        action={{ label: 'Clear filters', onClick: () => update({ q: '', category: '' }) }}
      >
        Try another word or category.
      </StateMessage>
    ) : (
      <StateMessage icon={IconBuildingStore} title="No stores yet">
        Creators are setting up their stores. Check back soon.
      </StateMessage>
    );
  } else {
    results = (
      <Stack gap="lg">
        <SimpleGrid
          cols={GRID_COLS}
          spacing="lg"
          component="ul"
          p={0}
          m={0}
          aria-busy={directory.isPlaceholderData}
          style={{
            listStyle: 'none',
            opacity: directory.isPlaceholderData ? 0.6 : 1,
            transition: 'opacity 120ms ease',
          }}
        >
          {stores.map((store) => (
            <li key={store.slug}>
              <StoreCard store={store} categories={categories.data} />
            </li>
          ))}
        </SimpleGrid>
        {adultNote}
        {directory.hasNextPage && (
          <Center>
            <Button
              variant="default"
              size="md"
              onClick={() => void directory.fetchNextPage()}
              loading={directory.isFetchingNextPage}
            >
              Load more
            </Button>
          </Center>
        )}
        {directory.isFetchNextPageError && (
          <Text c="red" ta="center" size="sm" role="alert">
            {errorMessage(directory.error, 'More stores could not be loaded. Please try again.')}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Creator Stores"
        lead="Branded stores from creators selling exclusive videos, photo albums and subscriptions."
      />
      <Container size="lg" pt={{ base: 16, sm: 24 }} pb={{ base: 32, sm: 48 }}>
        <Stack gap="lg">
          {!signedIn && <SignedOutNote>Adult stores (18+) appear here after you sign in.</SignedOutNote>}
          <DirectoryFilters
            search={search}
            onSearchChange={changeSearch}
            category={category}
            onCategoryChange={(value) => update({ category: value })}
            sort={sort}
            onSortChange={(value) => update({ sort: value === 'newest' ? '' : value })}
            categories={categories.data}
            signedIn={signedIn}
          />
          <Text size="sm" className={marketing.muted} aria-live="polite">
            {directory.isPending
              ? 'Loading stores…'
              : stores.length > 0
                ? `Showing ${stores.length} ${stores.length === 1 ? 'store' : 'stores'}`
                : ''}
          </Text>
          {results}
        </Stack>
      </Container>
    </>
  );
}
