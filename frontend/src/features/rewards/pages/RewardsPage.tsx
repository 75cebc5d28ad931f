import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { usePageMeta } from '../../../lib/page-meta';
import contrast from '@/shared/ui/contrast.module.css';
import { FollowLinks } from '../components/FollowLinks';
import { ProgramCards } from '../components/ProgramCards';
import { RewardsBanner } from '../components/RewardsBanner';
import { ShareImages } from '../components/ShareImages';
import { TelegramCard } from '../components/TelegramCard';
import { WalletCard } from '../components/WalletCard';
import { useRewards } from '../hooks/use-rewards-queries';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';

export function RewardsPage() {
  usePageMeta({ title: 'Rewards', noindex: true });
  const rewards = useRewards();
  const record = rewards.data;
  const loading = rewards.isPending;

  useEffect(() => {
    // SPEC §8: read errors are logged; the page says it could not load and offers a retry.
    if (rewards.isError) console.error('Could not load the rewards record', rewards.error);
  }, [rewards.isError, rewards.error]);

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <DashboardPageHeader
        title="Rewards"
        description="Take part in the Community Airdrop and the Billionaire Mega Draw."
      />

      <RewardsBanner />
      <ProgramCards record={record} loading={loading} />

      {rewards.isError ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Your wallet and Telegram details could not be loaded"
          classNames={{ title: contrast.orangeOnTint }}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button variant="light" color="orange" size="xs" onClick={() => void rewards.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <WalletCard record={record} loading={loading} />
          <TelegramCard record={record} loading={loading} />
        </SimpleGrid>
      )}

      <ShareImages />
      <FollowLinks />
    </Stack>
  );
}
