import { ActionIcon, Anchor, Box, Card, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { ClaimBadge } from '../components/Badges';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../components/QueryStatus';
import { useAdminMe } from '../hooks/use-admin-me';
import { useNow } from '../hooks/use-now';
import { useVerificationList } from '../hooks/use-verifications';
import type { VerificationItem, VerificationStatus } from '../services/admin.types';
import { formatDateTime, formatRelative } from '@/shared/format';
import { oldestFirst } from '../services/queue';

const TABS: { value: VerificationStatus; label: string; empty: string }[] = [
  { value: 'processing', label: 'Processing', empty: 'No submissions are waiting for review.' },
  { value: 'accepted', label: 'Accepted', empty: 'No accepted submissions yet.' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected submissions yet.' },
];

function parseStatus(value: string | null): VerificationStatus {
  return TABS.some((tab) => tab.value === value) ? (value as VerificationStatus) : 'processing';
}

function TimeCell({ iso, now }: { iso: string | null; now: number }) {
  if (!iso) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Text size="sm" title={formatDateTime(iso)} style={{ whiteSpace: 'nowrap' }}>
      {formatRelative(iso, now)}
    </Text>
  );
}

/** Who holds the claim (processing) or who decided and when (accepted, rejected). */
function StateCell(props: { item: VerificationItem; decided: boolean; meId: string; now: number; labelled?: boolean }) {
  const { item, decided, meId, now, labelled } = props;
  if (!decided) return <ClaimBadge claim={item.claim} holder={item.claimedBy?.email} />;
  return (
    <>
      {labelled ? (
        <Text size="xs">Decided {item.decidedAt ? formatRelative(item.decidedAt, now) : ''}</Text>
      ) : (
        <TimeCell iso={item.decidedAt} now={now} />
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
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const list = useVerificationList(status);
  // Never older than the data, so a fresh list does not read a minute behind.
  const now = Math.max(useNow(30_000), list.dataUpdatedAt);
  const tab = TABS.find((t) => t.value === status)!;
  const items = list.data ? oldestFirst(list.data) : [];
  const decided = status !== 'processing';

  const open = (item: VerificationItem) => navigate(`/admin/verifications/${item.id}`);

  return (
    <>
      <DashboardPageHeader
        dense
        title="Verification queue"
        description="Identity checks for creators and referrers, oldest first. Claim a submission before you decide on it."
        action={
          <Tooltip label="Refresh">
            <ActionIcon variant="default" size="lg" aria-label="Refresh" onClick={() => void list.refetch()} loading={list.isFetching}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <Tabs value={status} onChange={(value) => setParams(value && value !== 'processing' ? { status: value } : {})} mb="md">
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
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
          <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="sm" fz="sm" aria-label={`${tab.label} submissions`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={{ base: 84, sm: 110 }}>Submitted</Table.Th>
                <Table.Th w={{ base: '100%', sm: '40%' }}>Name</Table.Th>
                <Table.Th visibleFrom="sm">Country</Table.Th>
                <Table.Th visibleFrom="sm" w="30%">
                  {decided ? 'Decided' : 'Claim'}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id} onClick={() => open(item)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <TimeCell iso={item.submittedAt} now={now} />
                  </Table.Td>
                  <Table.Td style={{ maxWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={`/admin/verifications/${item.id}`}
                      size="sm"
                      fw={600}
                      onClick={(event) => event.stopPropagation()}
                      display="block"
                      truncate="end"
                    >
                      {item.fullName}
                    </Anchor>
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
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    {item.countryName}{' '}
                    <Text span size="xs" c="dimmed">
                      {item.country}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ maxWidth: 0 }}>
                    <StateCell item={item} decided={decided} meId={me.id} now={now} />
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
