import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGift, IconTrophy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BRAND, SOCIAL_HANDLE } from '../../../lib/site';
import contrast from '@/shared/ui/contrast.module.css';
import { COMMUNITY_AIRDROP, formatFull, formatTokens, MEGA_DRAW } from '@/features/token';
import { formatSnapshotDate, type RewardsRecord } from '../services/rewards.service';
import { TELEGRAM_URL } from '../social';
import { RequirementList } from './RequirementList';

interface ProgramCardProps {
  icon: ReactNode;
  title: string;
  tokens: number;
  children: ReactNode;
}

function ProgramCard({ icon, title, tokens, children }: ProgramCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title} h="100%">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" style={{ flexShrink: 0 }}>
            {icon}
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz={{ base: 18, sm: 20 }}>
              {title}
            </Title>
            <Badge variant="light" color="aqua" size="lg" tt="none" style={{ alignSelf: 'flex-start' }}>
              {`${formatTokens(tokens, true)} tokens`}
            </Badge>
          </Stack>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function AirdropStatus({ record, loading }: { record: RewardsRecord | undefined; loading: boolean }) {
  if (loading) return <Skeleton height={26} width={180} radius="xl" />;
  if (!record) return null;
  return (
    <Group gap="xs" align="center">
      <Text size="sm" fw={600}>
        Your airdrop status:
      </Text>
      {record.airdropEligible ? (
        <Badge color="teal" variant="light" tt="none" classNames={{ label: contrast.tealOnTint }}>
          Participating
        </Badge>
      ) : (
        <Badge color="gray" variant="light" tt="none">
          Not participating yet
        </Badge>
      )}
    </Group>
  );
}

export function ProgramCards({ record, loading }: { record: RewardsRecord | undefined; loading: boolean }) {
  const snapshot = formatSnapshotDate(record?.snapshotDate ?? null);
  const known = !loading && record !== undefined;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <ProgramCard icon={<IconGift size={22} />} title="Community Airdrop" tokens={COMMUNITY_AIRDROP.tokens}>
        <Text size="sm" c="dimmed">
          Tokens shared among early members who add a Solana wallet before the snapshot.
        </Text>
        <AirdropStatus record={record} loading={loading} />
        <RequirementList
          label="Community Airdrop requirements"
          items={[
            { key: 'sign-up', text: 'Sign up for an account', met: true },
            {
              key: 'wallet',
              text: 'Add your Solana wallet below',
              met: known ? record?.walletAddress != null : undefined,
            },
          ]}
        />
        <Text size="sm" c="dimmed">
          {snapshot
            ? `Snapshot date: ${snapshot}. Wallets added after it are not included.`
            : 'The snapshot date is announced on our official social channels.'}
        </Text>
      </ProgramCard>

      <ProgramCard icon={<IconTrophy size={22} />} title="Billionaire Mega Draw" tokens={MEGA_DRAW.tokens}>
        <Text size="sm" c="dimmed">
          One airdrop participant wins the whole prize.
        </Text>
        <RequirementList
          label="Billionaire Mega Draw requirements"
          items={[
            {
              key: 'airdrop',
              text: 'Be a Community Airdrop participant',
              met: known ? record?.airdropEligible : undefined,
            },
            {
              key: 'join-telegram',
              text: (
                <>
                  Join our{' '}
                  <Anchor href={TELEGRAM_URL} target="_blank" rel="noopener noreferrer" inherit fw={600}>
                    Telegram channel
                  </Anchor>
                </>
              ),
            },
            {
              key: 'telegram',
              text: 'Add your Telegram username below',
              met: known ? record?.telegramUsername != null : undefined,
            },
            {
              key: 'share',
              text: `Share one of the images below on social media, tagging @${SOCIAL_HANDLE} and #${BRAND}`,
            },
            { key: 'proof', text: 'Keep proof of your post (the link and a screenshot)' },
          ]}
        />
        <Text size="sm" c="dimmed">
          {`The prize vests at ${formatFull(MEGA_DRAW.monthlyRelease)} tokens per month for ${MEGA_DRAW.months} months. `}
          The winner must show the link to their post and a screenshot proving it was posted before the draw date.
        </Text>
      </ProgramCard>
    </SimpleGrid>
  );
}
