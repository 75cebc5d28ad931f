import {
  ActionIcon,
  Button,
  Card,
  Code,
  Group,
  Table,
  Text,
  TextInput,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconFilter } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { usePageMeta } from '../../../lib/page-meta';
import { AdminOnly } from '../components/AdminOnly';
import { AuditDetails } from '../components/AuditDetails';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../components/QueryStatus';
import { useAuditLog } from '../hooks/use-audit-log';
import { useNow } from '../hooks/use-now';
import { formatDateTime, formatRelative } from '@/shared/format';

function AuditTable() {
  const [filter, setFilter] = useState('');
  const [action] = useDebouncedValue(filter.trim(), 300);
  const log = useAuditLog(action);
  const now = useNow(60_000);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  // Columns are left out (not hidden with CSS) on small screens, so the details row spans exactly the visible ones.
  const { breakpoints } = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${breakpoints.sm})`, false, { getInitialValueInEffect: false });
  const wider = useMediaQuery(`(min-width: ${breakpoints.md})`, false, { getInitialValueInEffect: false });
  const columns = 3 + (wide ? 1 : 0) + (wider ? 1 : 0);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <TextInput
        label="Filter by action"
        description="Shows actions that start with this text"
        placeholder="e.g. verification."
        leftSection={<IconFilter size={16} />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        maw={420}
        mb="md"
        spellCheck={false}
        autoCapitalize="off"
      />
      <QueryStatus isPending={log.isPending} error={log.error} onRetry={() => void log.refetch()} />
      {log.data && entries.length === 0 && (
        <Card withBorder radius="md" py="xl">
          <Text c="dimmed" ta="center" size="sm">
            {action ? `No entries for actions starting with “${action}”.` : 'The audit log is empty.'}
          </Text>
        </Card>
      )}
      {entries.length > 0 && (
        <Card withBorder radius="md" p={0}>
          <Table layout="fixed" verticalSpacing="xs" horizontalSpacing="sm" fz="sm" aria-label="Audit log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44}>
                  <VisuallyHidden>Details</VisuallyHidden>
                </Table.Th>
                <Table.Th w={wide ? 180 : 92}>Time</Table.Th>
                <Table.Th>Action</Table.Th>
                {wide && <Table.Th w="28%">Actor</Table.Th>}
                {wider && <Table.Th w="25%">Target</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => {
                const expanded = open.has(entry.id);
                return (
                  <Fragment key={entry.id}>
                    <Table.Tr
                      onClick={() => toggle(entry.id)}
                      style={{ cursor: 'pointer' }}
                      bg={expanded ? 'var(--mantine-color-default-hover)' : undefined}
                    >
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-expanded={expanded}
                          aria-label={`${expanded ? 'Hide' : 'Show'} details of ${entry.action}`}
                          onClick={(event) => {
                            event.stopPropagation();
                            toggle(entry.id);
                          }}
                        >
                          {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                        </ActionIcon>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }} title={formatDateTime(entry.at)}>
                        {wide ? formatDateTime(entry.at) : formatRelative(entry.at, now)}
                      </Table.Td>
                      <Table.Td>
                        <Code fz="xs" style={{ overflowWrap: 'anywhere' }}>
                          {entry.action}
                        </Code>
                        {!wide && (
                          <Text size="xs" c="dimmed" truncate="end">
                            {entry.actor?.email ?? 'System'}
                          </Text>
                        )}
                      </Table.Td>
                      {wide && (
                        <Table.Td>
                          <Text size="sm" truncate="end" title={entry.actor?.email}>
                            {entry.actor?.email ?? 'System'}
                          </Text>
                        </Table.Td>
                      )}
                      {wider && (
                        <Table.Td>
                          <Text size="sm" truncate="end" title={`${entry.targetType ?? ''} ${entry.targetId ?? ''}`}>
                            {entry.targetType ?? '—'}{' '}
                            <Text span size="xs" c="dimmed" ff="monospace">
                              {entry.targetId ?? ''}
                            </Text>
                          </Text>
                        </Table.Td>
                      )}
                    </Table.Tr>
                    {expanded && (
                      <Table.Tr>
                        <Table.Td colSpan={columns}>
                          <AuditDetails entry={entry} />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      {log.hasNextPage && (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
    </>
  );
}

export function AuditLogPage() {
  usePageMeta({ title: 'Audit log', noindex: true });
  return (
    <>
      <DashboardPageHeader
        dense
        title="Audit log"
        description="Every staff action and security change, newest first."
      />
      <AdminOnly>
        <AuditTable />
      </AdminOnly>
    </>
  );
}
