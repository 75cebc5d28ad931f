import { Box, Group, Text } from '@mantine/core';
import { ConsoleBadge } from '../components/ConsoleBadge';
import { usePageMeta } from '../../../lib/page-meta';
import { ClaimBadge } from '../components/Badges';
import { DeadlineCountdown, ResolvedDeadline } from '../components/DeadlineCountdown';
import { ConsoleQueue, type QueueColumn, type QueueTab } from '../components/queue/ConsoleQueue';
import { QueueLink, QueueTime } from '../components/queue/QueueCells';
import { useCaseList } from '../hooks/use-moderation-cases';
import { useNowSince } from '../hooks/use-now';
import { useQueueView } from '../hooks/use-queue-view';
import type { CaseKind, ModerationCase } from '../services/admin.types';
import {
  CASE_KIND_LABELS,
  outcomeLabel,
  reasonLabel,
  SUBJECT_LABELS,
  URGENT_REASONS,
} from '../services/moderation-labels';
import { earliestFirst } from '../services/queue';

type View = CaseKind | 'resolved';

const TABS: QueueTab<View>[] = [
  {
    value: 'report',
    label: 'Reports',
    rule: 'Content reports are reviewed within 48 hours.',
    empty: 'No open reports.',
  },
  {
    value: 'takedown',
    label: 'Takedowns',
    rule: 'Takedown requests are acted on within 24 hours.',
    empty: 'No open takedown requests.',
  },
  {
    value: 'appeal',
    label: 'Appeals',
    rule: 'Appeals are resolved within 7 business days.',
    empty: 'No open appeals.',
  },
  {
    value: 'resolved',
    label: 'Resolved',
    rule: 'Resolved cases of every kind, most recent first.',
    empty: 'No resolved cases yet.',
  },
];

const href = (item: ModerationCase) => `/admin/moderation/${item.id}`;

function CaseCell({ item, showKind }: { item: ModerationCase; showKind: boolean }) {
  return (
    <>
      <Group gap={6} wrap="nowrap">
        {URGENT_REASONS.has(item.reason) && (
          <ConsoleBadge color="red.8" variant="filled" size="xs" style={{ flexShrink: 0 }}>
            Urgent
          </ConsoleBadge>
        )}
        <QueueLink to={href(item)}>
          {showKind ? `${CASE_KIND_LABELS[item.kind]}: ` : ''}
          {reasonLabel(item.reason)}
        </QueueLink>
      </Group>
      <Text size="xs" c="dimmed" truncate="end" title={item.subjectId}>
        {SUBJECT_LABELS[item.subjectType]}{' '}
        <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{item.subjectId}</span>
      </Text>
    </>
  );
}

const outcome = (item: ModerationCase) => (item.outcome ? outcomeLabel(item.outcome) : '—');

function openColumns(fetchedAt: number, now: number): QueueColumn<ModerationCase>[] {
  return [
    {
      header: 'Deadline',
      w: { base: 150, sm: 210 },
      top: true,
      cell: (item) => <DeadlineCountdown item={item} fetchedAt={fetchedAt} />,
    },
    {
      header: 'Case',
      w: { base: '100%', sm: '38%' },
      clip: true,
      top: true,
      cell: (item) => (
        <>
          <CaseCell item={item} showKind={false} />
          <Box hiddenFrom="sm" mt={2}>
            <ClaimBadge claim={item.claim} />
          </Box>
        </>
      ),
    },
    { header: 'Opened', wide: true, top: true, cell: (item) => <QueueTime iso={item.openedAt} now={now} /> },
    { header: 'Claim', w: '20%', wide: true, clip: true, top: true, cell: (item) => <ClaimBadge claim={item.claim} /> },
  ];
}

function resolvedColumns(now: number): QueueColumn<ModerationCase>[] {
  return [
    {
      header: 'Resolved',
      w: { base: 92, sm: 120 },
      top: true,
      cell: (item) => <QueueTime iso={item.resolvedAt} now={now} />,
    },
    {
      header: 'Case',
      w: { base: '100%', sm: '40%' },
      clip: true,
      top: true,
      cell: (item) => (
        <>
          <CaseCell item={item} showKind />
          <Group gap={6} hiddenFrom="sm" mt={4}>
            <Text size="xs">{outcome(item)}</Text>
            <ResolvedDeadline item={item} />
          </Group>
        </>
      ),
    },
    { header: 'Outcome', wide: true, top: true, cell: outcome },
    { header: 'Deadline', wide: true, top: true, cell: (item) => <ResolvedDeadline item={item} /> },
  ];
}

export function ModerationCasesPage() {
  usePageMeta({ title: 'Moderation cases', noindex: true });
  const [view, setView] = useQueueView('view', TABS);
  const resolved = view === 'resolved';
  const list = useCaseList(resolved ? null : view, resolved ? 'resolved' : 'open');
  const now = useNowSince(list.dataUpdatedAt);
  // Open cases are worked soonest deadline first; resolved ones come most recent first from the server.
  const items = list.data ? (resolved ? list.data : earliestFirst(list.data, (item) => item.dueAt)) : [];

  return (
    <ConsoleQueue
      title="Moderation cases"
      description="Reports, takedown requests and appeals, soonest deadline first. Claim a case before you resolve it."
      tabs={TABS}
      view={view}
      onViewChange={setView}
      list={list}
      items={items}
      label={resolved ? 'Resolved cases' : 'Open cases'}
      columns={resolved ? resolvedColumns(now) : openColumns(list.dataUpdatedAt, now)}
      href={href}
    />
  );
}
