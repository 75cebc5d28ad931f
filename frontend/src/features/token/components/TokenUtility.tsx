import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDiscount, IconGift, IconStar, IconTrophy } from '@tabler/icons-react';
import { REVENUE_SPLIT } from '../../../content/site-facts';
import { IconCardGrid, type IconCardItem } from '@/shared/ui/IconCard';
import marketing from '@/shared/ui/marketing.module.css';

const UTILITIES: IconCardItem[] = [
  {
    icon: IconGift,
    title: 'Rewards',
    text: 'Earn tokens for being an active member: joining early, referring content and taking part in community campaigns.',
  },
  {
    icon: IconTrophy,
    title: 'Competitions',
    text: 'Enter token-powered competitions and prize draws run by the platform and by your favourite creators.',
  },
  {
    icon: IconDiscount,
    title: 'Discounted purchases',
    text: 'Pay for videos, photo albums and subscriptions with the token and get a lower price than paying by card.',
  },
  {
    icon: IconStar,
    title: 'Creator bonuses',
    text: 'Creators earn token bonuses for growing their store, hitting milestones and bringing their fans along.',
  },
];

function SplitFigure({ value, label }: { value: string; label: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fz={{ base: 40, sm: 52 }} fw={800} lh={1} c="fanmint">
        {value}
      </Text>
      <Text size="sm" fw={600} className={marketing.muted}>
        {label}
      </Text>
    </Stack>
  );
}

/** What the token is for, and the creator/platform split on token payments. */
export function TokenUtility() {
  const { token, fiat } = REVENUE_SPLIT;
  return (
    <Stack gap="lg">
      <IconCardGrid items={UTILITIES} cols={{ base: 1, sm: 2, md: 4 }} color="aqua" />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={marketing.cta}>
        <Group justify="space-between" align="center" gap="xl">
          <Stack gap={6} maw={560}>
            <Title order={3} size="h3">
              {`${token.creator}/${token.platform} token split`}
            </Title>
            <Text className={marketing.muted}>
              When fans pay with the token, creators keep {token.creator}% and the platform takes {token.platform}%,
              compared with {fiat.creator}/{fiat.platform} for card and other fiat payments. Splits are subject to
              change.
            </Text>
          </Stack>
          <Group gap="xl" justify="center" style={{ flexGrow: 1 }}>
            <SplitFigure value={`${token.creator}%`} label="to the creator" />
            <SplitFigure value={`${token.platform}%`} label="to the platform" />
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
