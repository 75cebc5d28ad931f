import { Box, Group, Text } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';
import { ClaimBadge } from '../components/Badges';
import { ContentThumb } from '../components/ContentThumb';
import { ConsoleQueue, type QueueColumn, type QueueTab } from '../components/queue/ConsoleQueue';
import { QueueLink, QueueTime } from '../components/queue/QueueCells';
import { useAdminMe } from '../hooks/use-admin-me';
import { useContentQueue } from '../hooks/use-content-review';
import { useNowSince } from '../hooks/use-now';
import { useQueueView } from '../hooks/use-queue-view';
import type { ContentItem, ContentReviewStatus } from '../services/admin.types';
import { formatMoney } from '@/shared/format';
import { formatClipLength } from '../services/moderation-labels';
import { earliestFirst } from '../services/queue';
import { CONTENT_STATUS } from '../services/status-labels';

const tab = (value: ContentReviewStatus, empty: string): QueueTab<ContentReviewStatus> => ({
  value,
  label: CONTENT_STATUS[value].label,
  empty,
});

const TABS = [
  tab('pending_review', 'No content is waiting for review.'),
  tab('approved', 'No approved content yet.'),
  tab('rejected', 'No rejected content yet.'),
  tab('removed', 'No removed content.'),
];

const href = (item: ContentItem) => `/admin/content/${item.id}`;

function mediaSummary(item: ContentItem): string {
  if (item.kind === 'video') {
    const seconds = item.media.find((media) => media.mediaType === 'video')?.durationSeconds;
    return seconds ? `Video · ${formatClipLength(seconds)}` : 'Video';
  }
  const photos = item.media.filter((media) => media.mediaType === 'image').length;
  return `Album · ${photos === 1 ? '1 photo' : `${photos} photos`}`;
}

/** The claim while pending; once decided, who decided and why it was rejected. */
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

function ContentCell({ item, meId }: { item: ContentItem; meId: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ContentThumb item={item} />
      <Box style={{ minWidth: 0 }}>
        <QueueLink to={href(item)}>{item.title}</QueueLink>
        <Text size="xs" c="dimmed" truncate="end">
          {mediaSummary(item)}
          <Text span size="xs" hiddenFrom="sm">
            {' · '}
            {formatMoney(item.priceMinor, item.currency)}
          </Text>
        </Text>
        <Box hiddenFrom="sm" mt={2}>
          <StateCell item={item} meId={meId} />
        </Box>
      </Box>
    </Group>
  );
}

export function ContentQueuePage() {
  usePageMeta({ title: 'Content review', noindex: true });
  const me = useAdminMe();
  const [status, setStatus] = useQueueView('status', TABS);
  const list = useContentQueue(status);
  const now = useNowSince(list.dataUpdatedAt);
  const pending = status === 'pending_review';
  // Pending items are worked oldest submission first; decided ones come as the server orders them.
  const items = list.data ? (pending ? earliestFirst(list.data, (item) => item.submittedAt) : list.data) : [];

  const columns: QueueColumn<ContentItem>[] = [
    {
      header: 'Content',
      w: { base: '100%', sm: '44%' },
      clip: true,
      cell: (item) => <ContentCell item={item} meId={me.id} />,
    },
    {
      header: pending ? 'Submitted' : 'Decided',
      w: { base: 92, sm: 170 },
      top: true,
      cell: (item) => <QueueTime iso={pending ? item.submittedAt : item.decidedAt} now={now} stacked />,
    },
    { header: 'Price', wide: true, nowrap: true, cell: (item) => formatMoney(item.priceMinor, item.currency) },
    {
      header: pending ? 'Claim' : 'Decided by',
      w: '22%',
      wide: true,
      clip: true,
      cell: (item) => <StateCell item={item} meId={me.id} />,
    },
  ];

  return (
    <ConsoleQueue
      title="Content review"
      description="Nothing is public before it is approved. Pending items are listed oldest first; claim one before you decide on it."
      tabs={TABS}
      view={status}
      onViewChange={setStatus}
      list={list}
      items={items}
      label={`${CONTENT_STATUS[status].label} content`}
      columns={columns}
      href={href}
    />
  );
}
