import {
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCoin, IconCopy, IconLink, IconShare } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { formatMoney } from '@/shared/format';
import { copyWithToast } from '@/shared/clipboard';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '@/shared/ui/LoadError';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { useReferralLinks } from '../hooks/use-purchase-queries';
import type { ReferralLinkDto } from '../services/purchase-types';

const HOW_IT_WORKS = [
  'Earn 5% of every album sale made through your link.',
  'Your commission is paid from the platform’s share: the creator still gets their full share.',
  'Earnings are paid out with the monthly payout, on the last day of each month.',
];

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Stack>
  );
}

function LinkCard({ link }: { link: ReferralLinkDto }) {
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={link.contentTitle}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {link.contentTitle}
          </Text>
          <Anchor component={Link} to={`/stores/${link.storeSlug}`} size="sm" c="dimmed">
            {link.storeName}
          </Anchor>
        </Stack>
        <Text ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {link.url}
        </Text>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap="xl">
            <Stat label="Purchases" value={String(link.purchases)} />
            <Stat label="Earned" value={formatMoney(link.earnedMinor, link.currency)} />
          </Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconCopy size={14} />}
            onClick={() => void copyWithToast(link.url, 'Referral link')}
          >
            Copy link
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** SPEC §2 Referrals / Content Referral Program (live phase): how it works and the fan's links with their earnings. */
export function ReferralsPage() {
  usePageMeta({ title: 'Referrals', noindex: true });
  const links = useReferralLinks();
  let body;
  if (links.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading your referral links" />
      </Center>
    );
  } else if (links.isError) {
    body = <LoadError title="Your referral links could not be loaded" onRetry={() => void links.refetch()} />;
  } else if (links.data.length === 0) {
    body = (
      <EmptyState icon={IconLink} title="No referral links yet">
        Open a photo album in a store that has referrals on and choose ‘Share & earn 5%’ to create your link.
      </EmptyState>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {links.data.map((link) => (
          <LinkCard key={link.code} link={link} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <DashboardPageHeader
        title="Content Referral Program"
        description="Share albums you like and earn from every sale you bring."
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="referral-how">
        <Group align="flex-start" gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" variant="light" visibleFrom="sm">
            <IconCoin size={24} />
          </ThemeIcon>
          <Stack gap="xs">
            <Title order={2} fz="lg" id="referral-how">
              How it works
            </Title>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {HOW_IT_WORKS.map((line) => (
                <Group key={line} component="li" gap="xs" wrap="nowrap" align="flex-start">
                  <IconShare size={16} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden="true" />
                  <Text size="sm">{line}</Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        </Group>
      </Paper>
      <section aria-labelledby="referral-links">
        <Title order={2} fz={{ base: 20, sm: 22 }} mb="sm" id="referral-links">
          Your links
        </Title>
        {body}
      </section>
    </Stack>
  );
}
