import { Button, Card, Container, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff, IconLogin2, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { BRAND } from '../../../lib/site';
import marketing from '@/shared/ui/marketing.module.css';
import { PageHeader } from '@/shared/ui/PageHeader';
import { CategoryCard } from '../components/CategoryCard';
import { SignedOutNote } from '../components/SignedOutNote';
import { StateMessage } from '@/shared/ui/StateMessage';
import { useSignedIn } from '../hooks/use-signed-in';
import { useCategories } from '../hooks/use-storefront-queries';
import { type Category } from '../services/storefront.service';
import { errorMessage } from '@/shared/api-problems';

const GRID_COLS = { base: 1, sm: 2, md: 3 };
export const ADULT_CATEGORY_MESSAGE = 'Sign in to browse this category. It contains adult content (18+).';

function CategorySection({
  id,
  title,
  lead,
  items,
  locked,
  onLockedClick,
}: {
  id: string;
  title: string;
  lead: string;
  items: Category[];
  locked: boolean;
  onLockedClick: (category: Category) => void;
}) {
  return (
    <section aria-labelledby={id}>
      <Stack gap={4} mb="md">
        <Title order={2} id={id} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text className={marketing.muted}>{lead}</Text>
      </Stack>
      <SimpleGrid cols={GRID_COLS} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((category) => (
          <li key={category.slug}>
            <CategoryCard
              category={category}
              locked={locked && category.nsfw}
              onLockedClick={() => onLockedClick(category)}
            />
          </li>
        ))}
      </SimpleGrid>
    </section>
  );
}

/** /categories in the live phase: every category with its store count; adult ones marked 18+ and behind an account. */
export function CategoryDirectoryPage() {
  usePageMeta({
    title: 'Content Categories',
    description: `Browse ${BRAND} creator stores by category: fitness, cosplay, music, art, gaming and more. Adult categories need an account.`,
    keywords: ['content categories', 'creator content categories', 'creator stores', BRAND],
  });
  const signedIn = useSignedIn();
  const categories = useCategories();
  const [asked, setAsked] = useState<Category | null>(null);
  const general = categories.data?.filter((category) => !category.nsfw) ?? [];
  const adult = categories.data?.filter((category) => category.nsfw) ?? [];

  let body;
  if (categories.isPending) {
    body = (
      <SimpleGrid cols={GRID_COLS} spacing="md" aria-hidden="true">
        {Array.from({ length: 9 }, (_, index) => (
          <Card key={index} withBorder radius="lg" padding="md">
            <Group gap="md" wrap="nowrap">
              <Skeleton height={44} width={44} radius="md" />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={14} width="60%" />
                <Skeleton height={10} width="35%" />
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (categories.isError) {
    body = (
      <StateMessage
        icon={IconCloudOff}
        title="Categories could not be loaded"
        color="red"
        action={{ label: 'Try again', onClick: () => void categories.refetch() }}
      >
        {errorMessage(categories.error)}
      </StateMessage>
    );
  } else {
    body = (
      <Stack gap="xl">
        <CategorySection
          id="categories-general"
          title="Browse by category"
          lead="Open a category to see its stores."
          items={general}
          locked={false}
          onLockedClick={setAsked}
        />
        {adult.length > 0 && (
          <CategorySection
            id="categories-adult"
            title="Adult categories (18+)"
            lead={
              signedIn
                ? 'Adult content. You must be 18 or older.'
                : 'Adult content: sign in to browse. You must be 18 or older.'
            }
            items={adult}
            locked={!signedIn}
            onLockedClick={setAsked}
          />
        )}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Categories"
        lead="Find creators by what they make: videos, photo albums and more, grouped by category."
      />
      <Container size="lg" pt={{ base: 16, sm: 24 }} pb={{ base: 32, sm: 48 }}>
        <Stack gap="lg">
          {!signedIn && <SignedOutNote>Adult categories (18+) open after you sign in.</SignedOutNote>}
          {body}
        </Stack>
      </Container>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={asked ? `${asked.name} (18+)` : ''}
        centered
        zIndex={500}
      >
        <Stack gap="lg">
          <Text>{ADULT_CATEGORY_MESSAGE}</Text>
          <Group gap="sm" justify="flex-end">
            <Button component={Link} to="/sign-up" variant="default" leftSection={<IconUserPlus size={18} />}>
              Sign Up
            </Button>
            <Button component={Link} to="/sign-in" leftSection={<IconLogin2 size={18} />}>
              Sign In
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
