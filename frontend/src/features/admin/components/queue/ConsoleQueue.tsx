import { ActionIcon, Card, Table, Tabs, Text, Tooltip, type TableThProps } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../QueryStatus';

/** One tab of a queue: what it is called, what an empty list says, and an optional rule shown under the tabs. */
export interface QueueTab<V extends string> {
  value: V;
  label: string;
  empty: string;
  rule?: string;
}

/** One column of a queue's table. A phone shows only the columns without `wide`; their cells carry the rest. */
export interface QueueColumn<T> {
  header: ReactNode;
  w?: TableThProps['w'];
  /** Shown from the sm breakpoint up. */
  wide?: boolean;
  /** Long text is cut to the column's width (with an ellipsis) instead of widening the table. */
  clip?: boolean;
  top?: boolean;
  nowrap?: boolean;
  title?: (item: T) => string | undefined;
  cell: (item: T) => ReactNode;
}

/** What a queue needs of its list query (a TanStack Query result fits). */
export interface QueueList<T> {
  data: readonly T[] | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface ConsoleQueueProps<T extends { id: string }, V extends string> {
  title: string;
  description: string;
  tabs: readonly QueueTab<V>[];
  view: V;
  onViewChange: (view: V) => void;
  list: QueueList<T>;
  /** The list's items in the order the queue is worked. */
  items: readonly T[];
  /** The table's accessible name, e.g. "Open cases". */
  label: string;
  columns: readonly QueueColumn<T>[];
  href: (item: T) => string;
}

/** The staff console's queue: header with refresh, tabs kept in the address, loading and error states, the table or its empty state. */
export function ConsoleQueue<T extends { id: string }, V extends string>(props: ConsoleQueueProps<T, V>) {
  const { title, description, tabs, view, onViewChange, list, items, label, columns, href } = props;
  const navigate = useNavigate();
  const tab = tabs.find((candidate) => candidate.value === view) ?? tabs[0];
  const choose = (value: string | null) =>
    onViewChange(tabs.find((candidate) => candidate.value === value)?.value ?? tabs[0].value);

  return (
    <>
      <DashboardPageHeader
        dense
        title={title}
        description={description}
        action={
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Refresh"
              onClick={() => void list.refetch()}
              loading={list.isFetching}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <Tabs value={view} onChange={choose} mb={tab.rule ? 'xs' : 'md'}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {tabs.map((candidate) => (
            <Tabs.Tab
              key={candidate.value}
              value={candidate.value}
              px={{ base: 'xs', sm: 'md' }}
              style={{ whiteSpace: 'nowrap' }}
            >
              {candidate.label}
              {candidate.value === view && list.data ? ` (${list.data.length})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab.rule && (
        <Text size="sm" c="dimmed" mb="md">
          {tab.rule}
        </Text>
      )}

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
          <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="sm" fz="sm" aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, index) => (
                  <Table.Th key={index} w={column.w} visibleFrom={column.wide ? 'sm' : undefined}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id} onClick={() => navigate(href(item))} style={{ cursor: 'pointer' }}>
                  {columns.map((column, index) => (
                    <Table.Td
                      key={index}
                      visibleFrom={column.wide ? 'sm' : undefined}
                      title={column.title?.(item)}
                      style={{
                        maxWidth: column.clip ? 0 : undefined,
                        verticalAlign: column.top ? 'top' : undefined,
                        whiteSpace: column.nowrap ? 'nowrap' : undefined,
                      }}
                    >
                      {column.cell(item)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </>
  );
}
