import { List, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconWallet } from '@tabler/icons-react';
import { BRAND } from '../../../lib/site';
import { useRewardField } from '../hooks/use-reward-field';
import { formatSnapshotDate, type RewardsRecord } from '../services/rewards.service';
import { RewardFieldCard } from './RewardFieldCard';

export function WalletCard({ record, loading }: { record: RewardsRecord | undefined; loading: boolean }) {
  const { saveValue, removeValue, saving, removing } = useRewardField('wallet');
  const snapshot = formatSnapshotDate(record?.snapshotDate ?? null);

  return (
    <RewardFieldCard
      icon={<IconWallet size={22} />}
      title="Solana wallet"
      description="The wallet your Community Airdrop tokens are sent to."
      label="Solana wallet address"
      placeholder="Your Solana wallet address"
      addLabel="Add wallet"
      value={record?.walletAddress ?? null}
      loading={loading}
      saving={saving}
      removing={removing}
      onSave={saveValue}
      onRemove={removeValue}
    >
      <List
        size="sm"
        spacing={6}
        listStyleType="none"
        icon={
          <ThemeIcon size={20} radius="xl" variant="light" color="yellow">
            <IconAlertTriangle size={13} />
          </ThemeIcon>
        }
        aria-label="Wallet advice"
      >
        <List.Item>
          <Text size="sm">Do not use an exchange wallet: exchanges may not credit airdropped tokens to you.</Text>
        </List.Item>
        <List.Item>
          <Text size="sm">Use a self-custody wallet app, such as Phantom or Solflare — we are not affiliated.</Text>
        </List.Item>
        <List.Item>
          <Text size="sm">
            Add your wallet before the airdrop snapshot date{snapshot ? ` (${snapshot})` : ''}. No one from {BRAND} will
            ever ask for your seed phrase.
          </Text>
        </List.Item>
      </List>
    </RewardFieldCard>
  );
}
