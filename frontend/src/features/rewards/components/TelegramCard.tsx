import { Anchor, Text } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { SOCIAL_HANDLE } from '../../../lib/site';
import { useRewardField } from '../hooks/use-reward-field';
import type { RewardsRecord } from '../services/rewards.service';
import { TELEGRAM_URL } from '../social';
import { RewardFieldCard } from './RewardFieldCard';

export function TelegramCard({ record, loading }: { record: RewardsRecord | undefined; loading: boolean }) {
  const { saveValue, removeValue, saving, removing } = useRewardField('telegram');

  return (
    <RewardFieldCard
      icon={<IconBrandTelegram size={22} />}
      title="Telegram username"
      description="Needed for the Billionaire Mega Draw, so we can find you in our Telegram community."
      label="Telegram username"
      placeholder="@username"
      addLabel="Add username"
      value={record?.telegramUsername ?? null}
      format={(value) => `@${value.replace(/^@/, '')}`}
      loading={loading}
      saving={saving}
      removing={removing}
      onSave={saveValue}
      onRemove={removeValue}
    >
      <Text size="sm" c="dimmed">
        Join our channel{' '}
        <Anchor href={TELEGRAM_URL} target="_blank" rel="noopener noreferrer" inherit fw={600}>
          @{SOCIAL_HANDLE} on Telegram
        </Anchor>{' '}
        with the same account you add here.
      </Text>
    </RewardFieldCard>
  );
}
