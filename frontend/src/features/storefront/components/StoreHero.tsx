import { Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCoin, IconFlag, IconGift, IconUsers } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import marketing from '@/shared/ui/marketing.module.css';
import {
  categoryName,
  initials,
  safeAccent,
  textOnAccent,
  AdultBadge,
  storeClasses as classes,
} from '@/features/store-card';
import { formatMoney } from '@/shared/format';
import type { Category, PublicStore } from '../services/storefront.service';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a subscription opens: every published item, named by kind. */
function unlocks(videos: number, albums: number): string {
  if (videos + albums === 0) return 'everything the creator publishes';
  const parts = [
    videos > 0 && plural(videos, 'video', 'videos'),
    albums > 0 && plural(albums, 'album', 'albums'),
  ].filter(Boolean);
  return parts.join(' and ');
}

export interface StoreHeroProps {
  store: PublicStore;
  categories: readonly Category[] | undefined;
  onReport: () => void;
  /** Beside Report, e.g. the favourite heart. */
  toolbar?: ReactNode;
  /** Under the offers, e.g. Subscribe and Send a tip. */
  actions?: ReactNode;
}

/** A store's public profile: banner in its accent colour, name, tagline, categories, description and what it offers. */
export function StoreHero({ store, categories, onReport, toolbar, actions }: StoreHeroProps) {
  const accent = safeAccent(store.accentColor);
  const facts: ReactNode[] = [];
  const { videos, albums, subscribers } = store.counts;
  if (store.subscription.enabled && store.subscription.priceMinor !== null) {
    facts.push(
      <Fact key="subscription" icon={<IconUsers size={18} />}>
        Subscription {formatMoney(store.subscription.priceMinor, store.currency)}/month · unlocks{' '}
        {unlocks(videos, albums)}
      </Fact>,
    );
  }
  if (store.tips.enabled && store.tips.minimumTipMinor !== null) {
    facts.push(
      <Fact key="tips" icon={<IconGift size={18} />}>
        Tips from {formatMoney(store.tips.minimumTipMinor, store.currency)}
      </Fact>,
    );
  }
  if (store.referrals.enabled) {
    facts.push(
      <Fact key="referrals" icon={<IconCoin size={18} />}>
        Fans earn {store.referrals.commissionPercent}% for referrals
      </Fact>,
    );
  }

  return (
    <Paper withBorder radius="lg" style={{ '--store-accent': accent } as CSSProperties} component="header">
      <div className={classes.heroBanner}>
        {store.bannerUrl && <img className={classes.bannerImage} src={store.bannerUrl} alt="" decoding="async" />}
        {store.isNsfw && <AdultBadge size="lg" className={classes.bannerBadge} />}
      </div>
      <Stack gap="md" px={{ base: 'md', sm: 'xl' }} pb={{ base: 'lg', sm: 'xl' }}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div className={classes.heroAvatar} style={{ color: textOnAccent(accent) }} aria-hidden="true">
            {store.avatarUrl ? (
              <img className={classes.avatarImage} src={store.avatarUrl} alt="" decoding="async" />
            ) : (
              initials(store.displayName)
            )}
          </div>
          <Group gap="xs">
            {toolbar}
            <Button variant="default" size="sm" leftSection={<IconFlag size={16} />} onClick={onReport}>
              Report
            </Button>
          </Group>
        </Group>
        <Stack gap={6}>
          <Title
            order={1}
            fz={{ base: 28, sm: 36 }}
            lh={1.15}
            style={{ letterSpacing: '-0.01em', overflowWrap: 'anywhere' }}
          >
            {store.displayName}
          </Title>
          {store.tagline && (
            <Text size="lg" className={marketing.muted}>
              {store.tagline}
            </Text>
          )}
          <Text size="sm" fw={600} className={marketing.muted}>
            {[
              plural(videos, 'video', 'videos'),
              plural(albums, 'album', 'albums'),
              subscribers !== null && plural(subscribers, 'subscriber', 'subscribers'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        {store.categories.length > 0 && (
          <Group gap={6}>
            {store.categories.map((slug) => (
              <Badge
                key={slug}
                component={Link}
                to={`/stores?category=${encodeURIComponent(slug)}`}
                variant="default"
                radius="sm"
                tt="none"
                fw={600}
                style={{ cursor: 'pointer' }}
              >
                {categoryName(slug, categories)}
              </Badge>
            ))}
          </Group>
        )}
        {store.description && (
          <Text maw={760} style={{ whiteSpace: 'pre-line' }}>
            {store.description}
          </Text>
        )}
        {facts.length > 0 && (
          <Box pt="xs">
            <Group gap="lg" className={marketing.muted}>
              {facts}
            </Group>
          </Box>
        )}
        {actions && (
          <Group gap="sm" pt="xs">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
