import { Box, Text } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';
import { ClaimBadge } from '../components/Badges';
import { ConsoleQueue, type QueueColumn, type QueueTab } from '../components/queue/ConsoleQueue';
import { QueueLink, QueueTime } from '../components/queue/QueueCells';
import { useAdminMe } from '../hooks/use-admin-me';
import { useNowSince } from '../hooks/use-now';
import { useQueueView } from '../hooks/use-queue-view';
import { useVerificationList } from '../hooks/use-verifications';
import type { VerificationItem, VerificationStatus } from '../services/admin.types';
import { formatRelative } from '@/shared/format';
import { earliestFirst } from '../services/queue';
import { VERIFICATION_STATUS } from '../services/status-labels';

const tab = (value: VerificationStatus, empty: string): QueueTab<VerificationStatus> => ({
  value,
  label: VERIFICATION_STATUS[value].label,
  empty,
});

const TABS = [
  tab('processing', 'No submissions are waiting for review.'),
  tab('accepted', 'No accepted submissions yet.'),
  tab('rejected', 'No rejected submissions yet.'),
];

const href = (item: VerificationItem) => `/admin/verifications/${item.id}`;

/** Who holds the claim (processing) or who decided and when (accepted, rejected). */
function StateCell(props: { item: VerificationItem; decided: boolean; meId: string; now: number; labelled?: boolean }) {
  const { item, decided, meId, now, labelled } = props;
  if (!decided) return <ClaimBadge claim={item.claim} holder={item.claimedBy?.email} />;
  return (
    <>
      {labelled ? (
        <Text size="xs">Decided {item.decidedAt ? formatRelative(item.decidedAt, now) : ''}</Text>
      ) : (
        <QueueTime iso={item.decidedAt} now={now} />
      )}
      {item.decidedBy && (
        <Text size="xs" c="dimmed" truncate="end" title={item.decidedBy.email}>
          by {item.decidedBy.id === meId ? 'you' : item.decidedBy.email}
        </Text>
      )}
    </>
  );
}

export function VerificationQueuePage() {
  usePageMeta({ title: 'Verification queue', noindex: true });
  const me = useAdminMe();
  const [status, setStatus] = useQueueView('status', TABS);
  const list = useVerificationList(status);
  const now = useNowSince(list.dataUpdatedAt);
  const items = list.data ? earliestFirst(list.data, (item) => item.submittedAt) : [];
  const decided = status !== 'processing';

  const columns: QueueColumn<VerificationItem>[] = [
    { header: 'Submitted', w: { base: 84, sm: 110 }, cell: (item) => <QueueTime iso={item.submittedAt} now={now} /> },
    {
      header: 'Name',
      w: { base: '100%', sm: '40%' },
      clip: true,
      cell: (item) => (
        <>
          <QueueLink to={href(item)}>{item.fullName}</QueueLink>
          <Text size="xs" c="dimmed" truncate="end">
            <Text span size="xs" hiddenFrom="sm">
              {item.country}
              {' · '}
            </Text>
            {item.userEmail ?? '(deleted user)'}
          </Text>
          <Box hiddenFrom="sm" mt={4}>
            <StateCell item={item} decided={decided} meId={me.id} now={now} labelled />
          </Box>
        </>
      ),
    },
    {
      header: 'Country',
      wide: true,
      cell: (item) => (
        <>
          {item.countryName}{' '}
          <Text span size="xs" c="dimmed">
            {item.country}
          </Text>
        </>
      ),
    },
    {
      header: decided ? 'Decided' : 'Claim',
      w: '30%',
      wide: true,
      clip: true,
      cell: (item) => <StateCell item={item} decided={decided} meId={me.id} now={now} />,
    },
  ];

  return (
    <ConsoleQueue
      title="Verification queue"
      description="Identity checks for creators and referrers, oldest first. Claim a submission before you decide on it."
      tabs={TABS}
      view={status}
      onViewChange={setStatus}
      list={list}
      items={items}
      label={`${VERIFICATION_STATUS[status].label} submissions`}
      columns={columns}
      href={href}
    />
  );
}
