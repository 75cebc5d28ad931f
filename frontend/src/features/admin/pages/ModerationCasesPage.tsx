import { ActionIcon, Anchor, Box, Card, Group, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ConsoleBadge } from '../components/ConsoleBadge';
import { usePageMeta } from '../../../lib/page-meta';
import { ClaimBadge } from '../components/Badges';
import { DeadlineCountdown, ResolvedDeadline } from '../components/DeadlineCountdown';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../components/QueryStatus';
import { useCaseList } from '../hooks/use-moderation-cases';
import { useNow } from '../hooks/use-now';
import type { CaseKind, ModerationCase } from '../services/admin.types';
import { formatDateTime, formatRelative } from '@/shared/format';
import { CASE_KIND_LABELS, outcomeLabel, reasonLabel, SUBJECT_LABELS, URGENT_REASONS } from '../services/moderation-labels';

type View = CaseKind | 'resolved';

const TABS: { value: View; label: string; rule: string; empty: string }[] = [
  { value: 'report', label: 'Reports', rule: 'Content reports are reviewed within 48 hours.', empty: 'No open reports.' },
  { value: 'takedown', label: 'Takedowns', rule: 'Takedown requests are acted on within 24 hours.', empty: 'No open takedown requests.' },
  { value: 'appeal', label: 'Appeals', rule: 'Appeals are resolved within 7 business days.', empty: 'No open appeals.' },
  { value: 'resolved', label: 'Resolved', rule: 'Resolved cases of every kind, most recent first.', empty: 'No resolved cases yet.' },
];

function parseView(value: string | null): View {
  return TABS.some((tab) => tab.value === value) ? (value as View) : 'report';
}

const byDeadline = (items: readonly ModerationCase[]) => [...items].sort((a, b) => new Date(a.dueAt).getTime() - new Date(b.dueAt).getTime());

function CaseCell({ item, showKind }: { item: ModerationCase; showKind: boolean }) {
  return (
    <>
      <Group gap={6} wrap="nowrap">
        {URGENT_REASONS.has(item.reason) && (
          <ConsoleBadge color="red.8" variant="filled" size="xs" style={{ flexShrink: 0 }}>
            Urgent
          </ConsoleBadge>
        )}
        <Anchor
          component={Link}
          to={`/admin/moderation/${item.id}`}
          size="sm"
          fw={600}
          onClick={(event) => event.stopPropagation()}
          display="block"
          truncate="end"
        >
          {showKind ? `${CASE_KIND_LABELS[item.kind]}: ` : ''}
          {reasonLabel(item.reason)}
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed" truncate="end" title={item.subjectId}>
        {SUBJECT_LABELS[item.subjectType]} <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{item.subjectId}</span>
      </Text>
    </>
  );
}

function OpenCases({ items, fetchedAt, now }: { items: ModerationCase[]; fetchedAt: number; now: number }) {
  const navigate = useNavigate();
  return (
    <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="sm" fz="sm" aria-label="Open cases">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={{ base: 150, sm: 210 }}>Deadline</Table.Th>
          <Table.Th w={{ base: '100%', sm: '38%' }}>Case</Table.Th>
          <Table.Th visibleFrom="sm">Opened</Table.Th>
          <Table.Th visibleFrom="sm" w="20%">
            Claim
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id} onClick={() => navigate(`/admin/moderation/${item.id}`)} style={{ cursor: 'pointer' }}>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <DeadlineCountdown item={item} fetchedAt={fetchedAt} />
            </Table.Td>
            <Table.Td style={{ maxWidth: 0, verticalAlign: 'top' }}>
              <CaseCell item={item} showKind={false} />
              <Box hiddenFrom="sm" mt={2}>
                <ClaimBadge claim={item.claim} />
              </Box>
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }} title={formatDateTime(item.openedAt)}>
              {formatRelative(item.openedAt, now)}
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ maxWidth: 0, verticalAlign: 'top' }}>
              <ClaimBadge claim={item.claim} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ResolvedCases({ items, now }: { items: ModerationCase[]; now: number }) {
  const navigate = useNavigate();
  return (
    <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="sm" fz="sm" aria-label="Resolved cases">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={{ base: 92, sm: 120 }}>Resolved</Table.Th>
          <Table.Th w={{ base: '100%', sm: '40%' }}>Case</Table.Th>
          <Table.Th visibleFrom="sm">Outcome</Table.Th>
          <Table.Th visibleFrom="sm">Deadline</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id} onClick={() => navigate(`/admin/moderation/${item.id}`)} style={{ cursor: 'pointer' }}>
            <Table.Td style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }} title={formatDateTime(item.resolvedAt)}>
              {item.resolvedAt ? formatRelative(item.resolvedAt, now) : '—'}
            </Table.Td>
            <Table.Td style={{ maxWidth: 0, verticalAlign: 'top' }}>
              <CaseCell item={item} showKind />
              <Group gap={6} hiddenFrom="sm" mt={4}>
                <Text size="xs">{item.outcome ? outcomeLabel(item.outcome) : '—'}</Text>
                <ResolvedDeadline item={item} />
              </Group>
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ verticalAlign: 'top' }}>
              {item.outcome ? outcomeLabel(item.outcome) : '—'}
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ verticalAlign: 'top' }}>
              <ResolvedDeadline item={item} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ModerationCasesPage() {
  usePageMeta({ title: 'Moderation cases', noindex: true });
  const [params, setParams] = useSearchParams();
  const view = parseView(params.get('view'));
  const resolved = view === 'resolved';
  const list = useCaseList(resolved ? null : view, resolved ? 'resolved' : 'open');
  const now = Math.max(useNow(30_000), list.dataUpdatedAt);
  const tab = TABS.find((t) => t.value === view)!;
  const items = list.data ? (resolved ? list.data : byDeadline(list.data)) : [];

  return (
    <>
      <DashboardPageHeader
        dense
        title="Moderation cases"
        description="Reports, takedown requests and appeals, soonest deadline first. Claim a case before you resolve it."
        action={
          <Tooltip label="Refresh">
            <ActionIcon variant="default" size="lg" aria-label="Refresh" onClick={() => void list.refetch()} loading={list.isFetching}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <Tabs value={view} onChange={(value) => setParams(value && value !== 'report' ? { view: value } : {})} mb="xs">
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} px={{ base: 'xs', sm: 'md' }} style={{ whiteSpace: 'nowrap' }}>
              {t.label}
              {t.value === view && list.data ? ` (${list.data.length})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Text size="sm" c="dimmed" mb="md">
        {tab.rule}
      </Text>

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
          {resolved ? <ResolvedCases items={items} now={now} /> : <OpenCases items={items} fetchedAt={list.dataUpdatedAt} now={now} />}
        </Card>
      )}
    </>
  );
}
