import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useDashboardSummary } from '../../hooks/use-dashboard-summary';
import { BecomeCreatorCard } from './BecomeCreatorCard';
import { CreatorOverview } from './CreatorOverview';
import { FanOverview } from './FanOverview';

/** The live dashboard home: a creator's business first, then what they buy; a fan's purchases and the way to start selling. */
export function LiveDashboard() {
  const summary = useDashboardSummary();
  useEffect(() => {
    if (summary.isError) console.error('Could not load the dashboard summary', summary.error);
  }, [summary.isError, summary.error]);

  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Dashboard
        </Title>
        <Text c="dimmed">
          {summary.data?.role === 'creator'
            ? 'Your store, your earnings and your next payout at a glance.'
            : 'Your purchases, subscriptions and favourite stores.'}
        </Text>
      </Stack>
      {summary.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading your dashboard" />
        </Center>
      ) : summary.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Your dashboard could not be loaded"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="default" onClick={() => void summary.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : summary.data.creator ? (
        <>
          <CreatorOverview creator={summary.data.creator} />
          <FanOverview fan={summary.data.fan} compact />
        </>
      ) : (
        <>
          <FanOverview fan={summary.data.fan} />
          <BecomeCreatorCard status={summary.data.verificationStatus} />
        </>
      )}
    </Stack>
  );
}
