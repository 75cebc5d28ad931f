import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft, IconLock, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { formatDateTime, formatMoney } from '@/shared/format';
import contrast from '@/shared/ui/contrast.module.css';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { LoadError } from '@/shared/ui/LoadError';
import { StatCard } from '@/shared/ui/StatCard';
import { MassComposer, SEGMENT_LABELS } from '../components/MassComposer';
import { UnsendModal } from '../components/UnsendModal';
import { useMassMessages, useUnsendMassMessage } from '../hooks/use-mass-messages';
import type { MassMessage } from '../services/messages-types';

const STATUS: Record<MassMessage['status'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'orange' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  withdrawn: { label: 'Unsent', color: 'gray' },
};

// Light-scheme tints whose default text is under 4.5:1 get the darker text of the house's contrast classes.
const TINT_CLASS: Record<string, string | undefined> = { orange: contrast.orangeOnTint, teal: contrast.tealOnTint };

const StatusBadge = ({ item }: { item: MassMessage }) => (
  <Badge
    variant="light"
    color={STATUS[item.status].color}
    tt="none"
    classNames={{ label: TINT_CLASS[STATUS[item.status].color] }}
    style={{ flexShrink: 0 }}
  >
    {STATUS[item.status].label}
  </Badge>
);

const delivered = (item: MassMessage) =>
  `${item.delivered.toLocaleString('en')} / ${item.recipients === null ? '…' : item.recipients.toLocaleString('en')}`;
const revenue = (item: MassMessage) => formatMoney(item.revenueMinor, item.currency);
const preview = (item: MassMessage) =>
  item.text || (item.attachments.length === 1 ? '1 item' : `${item.attachments.length} items`);

function PriceBadge({ item }: { item: MassMessage }) {
  if (!item.price)
    return (
      <Text size="sm" c="dimmed">
        Free
      </Text>
    );
  return (
    <Badge variant="outline" color="fanmint" tt="none" leftSection={<IconLock size={11} aria-hidden />}>
      {formatMoney(item.price.amountMinor, item.price.currency)}
    </Badge>
  );
}

function UnsendButton({ item, onUnsend }: { item: MassMessage; onUnsend: (item: MassMessage) => void }) {
  if (item.status === 'withdrawn') return null;
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red"
      leftSection={<IconArrowBackUp size={14} />}
      onClick={() => onUnsend(item)}
      aria-label={`Unsend “${preview(item).slice(0, 40)}”`}
    >
      Unsend
    </Button>
  );
}

/** Phones: one card per message with its figures; from `sm` up a table. */
function MassMessageList({ items, onUnsend }: { items: MassMessage[]; onUnsend: (item: MassMessage) => void }) {
  return (
    <>
      <Stack
        gap="sm"
        hiddenFrom="sm"
        component="ul"
        aria-label="Mass messages"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {items.map((item) => (
          <Card key={item.id} component="li" withBorder radius="lg" padding="md">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600} truncate="end">
                  {SEGMENT_LABELS[item.segment]}
                </Text>
                <StatusBadge item={item} />
              </Group>
              <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {preview(item)}
              </Text>
              <SimpleGrid cols={3} spacing="xs">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    Delivered
                  </Text>
                  <Text size="sm" fw={600}>
                    {delivered(item)}
                  </Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    Unlocks
                  </Text>
                  <Text size="sm" fw={600}>
                    {item.unlocks.toLocaleString('en')}
                  </Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    Revenue
                  </Text>
                  <Text size="sm" fw={600}>
                    {revenue(item)}
                  </Text>
                </Stack>
              </SimpleGrid>
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <PriceBadge item={item} />
                  <Text size="xs" c="dimmed">
                    {formatDateTime(item.sentAt ?? item.createdAt)}
                  </Text>
                </Group>
                <UnsendButton item={item} onUnsend={onUnsend} />
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
      <Card withBorder radius="lg" padding={0} visibleFrom="sm">
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Mass messages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Message</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th ta="right">Delivered</Table.Th>
                <Table.Th ta="right">Unlocks</Table.Th>
                <Table.Th ta="right">Revenue</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td maw={320}>
                    <Text size="sm" fw={600} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                      {preview(item)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {SEGMENT_LABELS[item.segment]} · {formatDateTime(item.sentAt ?? item.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge item={item} />
                  </Table.Td>
                  <Table.Td>
                    <PriceBadge item={item} />
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {delivered(item)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {item.unlocks.toLocaleString('en')}
                  </Table.Td>
                  <Table.Td ta="right" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {revenue(item)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <UnsendButton item={item} onUnsend={onUnsend} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </>
  );
}

/** Totals per currency are not summed across currencies: the store has one, so the first item's is used. */
function Totals({ items }: { items: MassMessage[] }) {
  const currency = items[0]?.currency ?? 'EUR';
  const same = items.filter((item) => item.currency === currency);
  const sent = items.filter((item) => item.status !== 'queued').length.toLocaleString('en');
  const unlocks = items.reduce((sum, item) => sum + item.unlocks, 0).toLocaleString('en');
  const sales = formatMoney(
    same.reduce((sum, item) => sum + item.revenueMinor, 0),
    currency,
  );
  return (
    <>
      {/* Phones: the three figures in one compact card, so the list starts above the fold. */}
      <Card withBorder radius="lg" padding="md" hiddenFrom="sm" aria-label="Totals" component="section">
        <SimpleGrid cols={3} spacing="xs">
          {[
            ['Sent', sent],
            ['Unlocks', unlocks],
            ['Sales', sales],
          ].map(([title, value]) => (
            <Stack key={title} gap={0}>
              <Text size="xs" c="dimmed" fw={600}>
                {title}
              </Text>
              <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Card>
      <SimpleGrid cols={3} spacing="md" visibleFrom="sm">
        <StatCard title="Messages sent" value={sent} />
        <StatCard title="Unlocks" value={unlocks} />
        <StatCard title="Message sales" value={sales} hint="From the messages listed here" />
      </SimpleGrid>
    </>
  );
}

/** /dashboard/messages/mass: a creator's messages to many fans, what each earned, a composer and unsend. */
export function MassMessagesPage() {
  usePageMeta({ title: 'Mass messages', noindex: true });
  const list = useMassMessages();
  const unsend = useUnsendMassMessage();
  const [composing, setComposing] = useState(false);
  const [unsending, setUnsending] = useState<MassMessage | null>(null);
  const notCreator = list.error instanceof ApiError && list.error.status === 403;
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="lg">
      <Box>
        <Button
          component={Link}
          to="/dashboard/messages"
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} />}
          mb="xs"
        >
          Messages
        </Button>
        <DashboardPageHeader
          title="Mass messages"
          description="Write to many fans at once, priced or free, and see what each message earned."
          action={
            !notCreator && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setComposing(true)}>
                New mass message
              </Button>
            )
          }
        />
      </Box>
      {list.isPending ? (
        <Center py="xl">
          <Loader size="sm" role="status" aria-label="Loading mass messages" />
        </Center>
      ) : notCreator ? (
        <Card withBorder radius="lg" padding="xl">
          <Text>Mass messages are for creators. Open a store to write to your fans.</Text>
        </Card>
      ) : list.isError ? (
        <LoadError title="Your mass messages could not be loaded" onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="center" ta="center" gap="xs">
            <IconSpeakerphone size={36} stroke={1.4} aria-hidden />
            <Title order={2} fz="lg">
              No mass messages yet
            </Title>
            <Text size="sm" c="dimmed" maw={420}>
              Send news, a thank-you or a priced set to your subscribers, past subscribers, buyers of an item or fans
              who favourited your store.
            </Text>
            <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={() => setComposing(true)}>
              Write your first
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <Totals items={items} />
          <MassMessageList items={items} onUnsend={setUnsending} />
          {list.hasNextPage && (
            <Center>
              <Button variant="subtle" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            </Center>
          )}
        </>
      )}
      <MassComposer opened={composing} onClose={() => setComposing(false)} />
      <UnsendModal
        opened={Boolean(unsending)}
        onClose={() => setUnsending(null)}
        title="Unsend this mass message?"
        onConfirm={() => unsend.mutateAsync(unsending!.id)}
      />
    </Stack>
  );
}
