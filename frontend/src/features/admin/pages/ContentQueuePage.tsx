import { ActionIcon, Anchor, Box, Card, Group, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { ClaimBadge } from '../components/Badges';
import { ContentThumb } from '../components/ContentThumb';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../components/QueryStatus';
import { useAdminMe } from '../hooks/use-admin-me';
import { useContentQueue } from '../hooks/use-content-review';
import { useNow } from '../hooks/use-now';
import type { ContentItem, ContentReviewStatus } from '../services/admin.types';
import { formatDateTime, formatMoney, formatRelative } from '@/shared/format';
import { CONTENT_STATUS_LABELS, formatClipLength } from '../services/moderation-labels';

const TABS: { value: ContentReviewStatus; empty: string }[] = [
  { value: 'pending_review', empty: 'No content is waiting for review.' },
  { value: 'approved', empty: 'No approved content yet.' },
  { value: 'rejected', empty: 'No rejected content yet.' },
  { value: 'removed', empty: 'No removed content.' },
];

function parseStatus(value: string | null): ContentReviewStatus {
  return TABS.some((tab) => tab.value === value) ? (value as ContentReviewStatus) : 'pending_review';
}

/** Oldest submission first: the queue is worked in order. */
function bySubmission(items: readonly ContentItem[]): ContentItem[] {
  const time = (item: ContentItem) => (item.submittedAt ? new Date(item.submittedAt).getTime() : Number.MAX_SAFE_INTEGER);
  return [...items].sort((a, b) => time(a) - time(b));
}

function mediaSummary(item: ContentItem): string {
  if (item.kind === 'video') {
    const seconds = item.media.find((media) => media.mediaType === 'video')?.durationSeconds;
    return seconds ? `Video · ${formatClipLength(seconds)}` : 'Video';
  }
  const photos = item.media.filter((media) => media.mediaType === 'image').length;
  return `Album · ${photos === 1 ? '1 photo' : `${photos} photos`}`;
}

function When({ iso, now }: { iso: string | null; now: number }) {
  if (!iso) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatRelative(iso, now)}
      </Text>
      <Text size="xs" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(iso)}
      </Text>
    </>
  );
}

function StateCell({ item, meId }: { item: ContentItem; meId: string }) {
  if (item.status === 'pending_review') return <ClaimBadge claim={item.claim} />;
  return (
    <>
      <Text size="sm">{item.decidedBy === meId ? 'You' : item.decidedBy ? 'Someone else' : '—'}</Text>
      {item.rejectionReason && (
        <Text size="xs" c="dimmed" truncate="end" title={item.rejectionReason}>
          {item.rejectionReason}
        </Text>
      )}
    </>
  );
}

export function ContentQueuePage() {
  usePageMeta({ title: 'Content review', noindex: true });
  const me = useAdminMe();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const list = useContentQueue(status);
  const now = Math.max(useNow(30_000), list.dataUpdatedAt);
  const tab = TABS.find((t) => t.value === status)!;
  const pending = status === 'pending_review';
  const items = list.data ? (pending ? bySubmission(list.data) : list.data) : [];

  return (
    <>
      <DashboardPageHeader
        dense
        title="Content review"
        description="Nothing is public before it is approved. Pending items are listed oldest first; claim one before you decide on it."
        action={
          <Tooltip label="Refresh">
            <ActionIcon variant="default" size="lg" aria-label="Refresh" onClick={() => void list.refetch()} loading={list.isFetching}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <Tabs value={status} onChange={(value) => setParams(value && value !== 'pending_review' ? { status: value } : {})} mb="md">
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} px={{ base: 'xs', sm: 'md' }} style={{ whiteSpace: 'nowrap' }}>
              {CONTENT_STATUS_LABELS[t.value]}
              {t.value === status && list.data ? ` (${list.data.length})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <QueryStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
      {list.data && items.length === 0 && (
        <Card withBorder radius="md" py="xl">
          <Text c="dimmed" ta="center" size="sm">
            {tab.empty}
          </Text>
        </Card>
      )}
      {items.length > 0 && (
        <Card withBorder radius="md" p={0}>
          <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="sm" fz="sm" aria-label={`${CONTENT_STATUS_LABELS[status]} content`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={{ base: '100%', sm: '44%' }}>Content</Table.Th>
                <Table.Th w={{ base: 92, sm: 170 }}>{pending ? 'Submitted' : 'Decided'}</Table.Th>
                <Table.Th visibleFrom="sm">Price</Table.Th>
                <Table.Th visibleFrom="sm" w="22%">
                  {pending ? 'Claim' : 'Decided by'}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id} onClick={() => navigate(`/admin/content/${item.id}`)} style={{ cursor: 'pointer' }}>
                  <Table.Td style={{ maxWidth: 0 }}>
                    <Group gap="sm" wrap="nowrap">
                      <ContentThumb item={item} />
                      <Box style={{ minWidth: 0 }}>
                        <Anchor
                          component={Link}
                          to={`/admin/content/${item.id}`}
                          size="sm"
                          fw={600}
                          onClick={(event) => event.stopPropagation()}
                          display="block"
                          truncate="end"
                        >
                          {item.title}
                        </Anchor>
                        <Text size="xs" c="dimmed" truncate="end">
                          {mediaSummary(item)}
                          <Text span size="xs" hiddenFrom="sm">
                            {' · '}
                            {formatMoney(item.priceMinor, item.currency)}
                          </Text>
                        </Text>
                        <Box hiddenFrom="sm" mt={2}>
                          <StateCell item={item} meId={me.id} />
                        </Box>
                      </Box>
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <When iso={pending ? item.submittedAt : item.decidedAt} now={now} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(item.priceMinor, item.currency)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ maxWidth: 0 }}>
                    <StateCell item={item} meId={me.id} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </>
  );
}
