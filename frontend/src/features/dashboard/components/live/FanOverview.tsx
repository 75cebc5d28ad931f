import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '@/shared/format';
import type { FanSummary } from '../../services/dashboard-summary.service';

type Purchase = FanSummary['recentPurchases'][number];

const STATUS_LABEL: Partial<Record<Purchase['status'], { label: string; color: string }>> = {
  refunded: { label: 'Refunded', color: 'gray' },
  charged_back: { label: 'Charged back', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
  requires_action: { label: 'Awaiting payment', color: 'orange' },
  pending: { label: 'Processing', color: 'blue' },
};

const purchaseTitle = (purchase: Purchase) =>
  purchase.contentTitle ??
  (purchase.kind === 'subscription' ? 'Monthly subscription' : purchase.kind === 'tip' ? 'Tip' : 'Purchase');

function Panel({
  id,
  title,
  link,
  empty,
  children,
}: {
  id: string;
  title: string;
  link: { to: string; label: string };
  empty: ReactNode | null;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          <Anchor component={Link} to={link.to} size="sm" fw={600}>
            {link.label}
          </Anchor>
        </Group>
        {empty ?? <Stack gap="sm">{children}</Stack>}
      </Stack>
    </Card>
  );
}

function Row({ primary, secondary, aside }: { primary: ReactNode; secondary: ReactNode; aside?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {primary}
        </Text>
        <Text size="xs" c="dimmed">
          {secondary}
        </Text>
      </Stack>
      {aside}
    </Group>
  );
}

/** What a fan follows: recent purchases, active subscriptions, favourite stores. `compact` hides it when all are empty. */
export function FanOverview({ fan, compact = false }: { fan: FanSummary; compact?: boolean }) {
  const { recentPurchases, subscriptions, favorites } = fan;
  if (compact && recentPurchases.length + subscriptions.length + favorites.length === 0) return null;
  const browse = (
    <Text size="sm">
      Nothing here yet.{' '}
      <Anchor component={Link} to="/stores" size="sm" underline="always">
        Browse stores
      </Anchor>
    </Text>
  );
  return (
    <Stack gap="md" component="section" aria-label="Your purchases">
      {compact && (
        <Title order={2} size="h3">
          As a fan
        </Title>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Panel
          id="recent-purchases-title"
          title="Recent purchases"
          link={{ to: '/dashboard/purchases', label: 'All purchases' }}
          empty={recentPurchases.length === 0 ? browse : null}
        >
          {recentPurchases.map((purchase) => {
            const status = STATUS_LABEL[purchase.status];
            return (
              <Row
                key={purchase.id}
                primary={purchaseTitle(purchase)}
                secondary={`${purchase.storeName} · ${formatDate(purchase.paidAt ?? purchase.createdAt)}`}
                aside={
                  <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(purchase.amountMinor, purchase.currency)}
                    </Text>
                    {status && (
                      <Badge size="xs" variant="light" color={status.color} tt="none">
                        {status.label}
                      </Badge>
                    )}
                  </Stack>
                }
              />
            );
          })}
        </Panel>
        <Panel
          id="subscriptions-title"
          title="Subscriptions"
          link={{ to: '/dashboard/purchases', label: 'Manage' }}
          empty={subscriptions.length === 0 ? browse : null}
        >
          {subscriptions.map((subscription) => (
            <Row
              key={subscription.id}
              primary={subscription.storeName}
              secondary={
                subscription.status === 'past_due'
                  ? 'Payment due: update your card'
                  : subscription.autoRenew
                    ? `Renews ${formatDate(subscription.currentPeriodEnd)}`
                    : `Ends ${formatDate(subscription.currentPeriodEnd)}`
              }
              aside={
                <Text size="sm" fw={600} style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(subscription.priceMinor, subscription.currency)}/mo
                </Text>
              }
            />
          ))}
        </Panel>
        <Panel
          id="favorites-title"
          title="Favourite stores"
          link={{ to: '/dashboard/favorite-stores', label: 'All favourites' }}
          empty={favorites.length === 0 ? browse : null}
        >
          {favorites.map((favorite) => (
            <Row
              key={favorite.storeSlug}
              primary={
                <Anchor component={Link} to={`/stores/${favorite.storeSlug}`} size="sm" fw={600} c="inherit">
                  {favorite.displayName}
                </Anchor>
              }
              secondary={favorite.tagline ?? `Added ${formatDate(favorite.favoritedAt)}`}
            />
          ))}
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
