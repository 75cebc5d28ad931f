import { Anchor, Card, Grid, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../QueryStatus';

/** What a detail page shows of its record once loaded; the frame lays them out the same on every page. */
export interface DetailParts {
  title: string;
  /** The status badge beside the title's line. */
  status: ReactNode;
  /** What follows the badge: when it was submitted, how long is left. */
  meta?: ReactNode;
  /** Claim, decide and the decision once made. */
  actions: ReactNode;
  /** A FactTable of what the record says. */
  facts: ReactNode;
  /** What the reviewer looks at (media, ID images); without it the facts take the wide column. */
  evidence?: ReactNode;
  /** A line under the wide column. */
  note?: ReactNode;
}

/** What the frame needs of the record's query (a TanStack Query result fits). */
export interface DetailQuery<T> {
  data: T | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface DetailFrameProps<T> {
  /** The way back to the queue, at the tab the record is in. */
  back: { to: string; label: string };
  query: DetailQuery<T>;
  render: (item: T) => DetailParts;
}

/** The staff console's detail page: a link back to its queue, then header, actions and facts beside the evidence. */
export function DetailFrame<T>({ back, query, render }: DetailFrameProps<T>) {
  const parts = query.data === undefined ? null : render(query.data);
  return (
    <>
      <Anchor component={Link} to={back.to} size="sm" mb="xs" display="inline-block">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} /> {back.label}
        </Group>
      </Anchor>
      {parts ? (
        <DetailBody {...parts} />
      ) : (
        <QueryStatus isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      )}
    </>
  );
}

function DetailBody({ title, status, meta, actions, facts, evidence, note }: DetailParts) {
  const factsCard = (
    <Card withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      {facts}
    </Card>
  );
  return (
    <>
      <DashboardPageHeader
        dense
        title={title}
        description={
          <Group gap="xs">
            {status}
            {meta}
          </Group>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {actions}
            {evidence !== undefined && factsCard}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {evidence ?? factsCard}
            {note}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
