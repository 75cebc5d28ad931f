import { Anchor, Badge, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '../../../../lib/notify';
import { formatDate, formatMoney } from '@/shared/format';
import { ConfirmModal } from '@/shared/ui/ConfirmModal';
import { errorMessage } from '@/shared/api-problems';
import { useCancelSubscription, useSetAutoRenew, useSubscriptions } from '../../hooks/use-purchase-queries';
import { SUBSCRIPTION_COLORS, SUBSCRIPTION_LABELS } from '../../purchase-labels';
import type { SubscriptionDto } from '../../services/purchase-types';
import { EmptyState } from '../EmptyState';
import { LoadError } from '@/shared/ui/LoadError';
import { PageSection } from '../PageSection';

function periodText(subscription: SubscriptionDto): string {
  const date = formatDate(subscription.currentPeriodEnd);
  if (subscription.status === 'expired') return `Ended on ${date}`;
  if (subscription.status === 'active' && subscription.autoRenew) return `Renews on ${date}`;
  return `Ends on ${date}`;
}

function SubscriptionCard({ subscription, onCancel }: { subscription: SubscriptionDto; onCancel: () => void }) {
  const autoRenew = useSetAutoRenew();
  const live = subscription.status === 'active' || subscription.status === 'past_due';
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={subscription.storeName}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Anchor
              component={Link}
              to={`/stores/${subscription.storeSlug}`}
              fw={700}
              style={{ overflowWrap: 'anywhere' }}
            >
              {subscription.storeName}
            </Anchor>
            <Text size="sm" c="dimmed">
              {formatMoney(subscription.priceMinor, subscription.currency)}/month · {periodText(subscription)}
            </Text>
          </Stack>
          <Badge variant="light" color={SUBSCRIPTION_COLORS[subscription.status]} tt="none" style={{ flexShrink: 0 }}>
            {SUBSCRIPTION_LABELS[subscription.status]}
          </Badge>
        </Group>
        {live && (
          <Group justify="space-between" gap="sm">
            <Switch
              label="Auto-renew"
              checked={subscription.autoRenew}
              disabled={autoRenew.isPending}
              onChange={(event) =>
                autoRenew.mutate(
                  { id: subscription.id, autoRenew: event.currentTarget.checked },
                  {
                    onError: (error) =>
                      notify.error(errorMessage(error, 'Auto-renew could not be changed. Please try again.')),
                  },
                )
              }
            />
            <Button variant="subtle" color="red" size="xs" onClick={onCancel}>
              Cancel subscription
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The fan's subscriptions with auto-renew and cancel (access continues until the paid period ends). */
export function SubscriptionsSection() {
  const subscriptions = useSubscriptions();
  const cancel = useCancelSubscription();
  const [cancelling, setCancelling] = useState<SubscriptionDto | null>(null);

  let body;
  if (subscriptions.isPending) body = <Text c="dimmed">Loading your subscriptions…</Text>;
  else if (subscriptions.isError)
    body = <LoadError title="Your subscriptions could not be loaded" onRetry={() => void subscriptions.refetch()} />;
  else if (subscriptions.data.length === 0)
    body = (
      <EmptyState icon={IconUsers} title="No subscriptions yet">
        Subscribe to a creator’s store to get everything they publish for a monthly price.
      </EmptyState>
    );
  else
    body = (
      <Stack gap="sm">
        {subscriptions.data.map((subscription) => (
          <SubscriptionCard
            key={subscription.id}
            subscription={subscription}
            onCancel={() => setCancelling(subscription)}
          />
        ))}
      </Stack>
    );

  return (
    <PageSection id="subscriptions-title" title="Subscriptions">
      {body}
      <ConfirmModal
        opened={Boolean(cancelling)}
        onClose={() => setCancelling(null)}
        title="Cancel subscription?"
        cancelLabel="Keep subscription"
        confirmLabel="Cancel subscription"
        confirmColor="red"
        pending={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              setCancelling(null);
              notify.success('Your subscription was cancelled.');
            },
            onError: (error) =>
              notify.error(errorMessage(error, 'The subscription could not be cancelled. Please try again.')),
          })
        }
      >
        {cancelling && (
          <Text size="sm">
            Your subscription to {cancelling.storeName} will not renew. You keep access until{' '}
            {formatDate(cancelling.currentPeriodEnd)}.
          </Text>
        )}
      </ConfirmModal>
    </PageSection>
  );
}
