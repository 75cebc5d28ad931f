import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import marketing from '@/shared/ui/marketing.module.css';
import { categoryName, initials, safeAccent, textOnAccent } from './store-format';
import type { Category, StoreSummary } from './store-types';
import { AdultBadge } from './AdultBadge';
import classes from './store.module.css';

const SHOWN_CATEGORIES = 3;

/** One store in the directory: the whole card links to its page. */
export function StoreCard({ store, categories }: { store: StoreSummary; categories: readonly Category[] | undefined }) {
  const accent = safeAccent(store.accentColor);
  const shown = store.categories.slice(0, SHOWN_CATEGORIES);
  const more = store.categories.length - shown.length;
  return (
    <Card
      component={Link}
      to={`/stores/${store.slug}`}
      withBorder
      radius="lg"
      padding={0}
      className={`${marketing.linkCard} ${classes.storeCard}`}
      style={{ '--store-accent': accent } as CSSProperties}
      aria-label={`${store.displayName}${store.isNsfw ? ' (18+)' : ''}`}
    >
      <div className={classes.banner}>{store.isNsfw && <AdultBadge className={classes.bannerBadge} />}</div>
      <Stack gap="sm" px="md" pb="md" style={{ flex: 1 }}>
        <div className={classes.avatar} style={{ color: textOnAccent(accent) }} aria-hidden="true">
          {initials(store.displayName)}
        </div>
        <Stack gap={4}>
          <Title order={3} fz="lg" lh={1.3} lineClamp={2}>
            {store.displayName}
          </Title>
          <Text size="sm" className={marketing.muted} lineClamp={2} mih={{ base: 0, sm: 42 }}>
            {store.tagline}
          </Text>
        </Stack>
        {shown.length > 0 && (
          <Group gap={6} mt="auto">
            {shown.map((slug) => (
              <Badge key={slug} variant="default" radius="sm" tt="none" fw={600}>
                {categoryName(slug, categories)}
              </Badge>
            ))}
            {more > 0 && (
              <Badge variant="default" radius="sm" tt="none" fw={600}>
                +{more}
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
