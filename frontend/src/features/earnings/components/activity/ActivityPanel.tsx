import { Badge, Box, Button, Card, Center, Flex, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notify } from '../../../../lib/notify';
import { useActivity, useMarkActivityRead } from '../../hooks/use-activity';
import type { ActivityEntry } from '../../services/earnings-types';
import { formatDate, formatMoney } from '@/shared/format';
import { LabelBadge } from '../LabelBadge';
import { ACTIVITY_KIND } from '../labels';
import classes from '../earnings.module.css';

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const unread = entry.readAt === null;
  return (
    <li data-unread={unread || undefined}>
      <Stack gap={4}>
        {/* On phones the badge sits above the line, which then gets the full width instead of a narrow column. */}
        <Flex direction={{ base: 'column', sm: 'row' }} gap={{ base: 4, sm: 'xs' }} align="flex-start">
          <LabelBadge style={ACTIVITY_KIND[entry.kind]} />
          <Text size="sm" fw={unread ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
            {entry.text}
          </Text>
        </Flex>
        {entry.message && (
          <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
            “{entry.message}”
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {formatDate(entry.createdAt)} · {formatMoney(entry.amountMinor, entry.currency)}
          {unread && ' · New'}
        </Text>
      </Stack>
    </li>
  );
}

/** The creator's sales, tips, subscribers and chargebacks as they happen, with the number unread. */
export function ActivityPanel() {
  const activity = useActivity();
  const markRead = useMarkActivityRead();
  const pages = activity.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.items);
  const unread = pages[0]?.unreadCount ?? 0;

  const markAllRead = () => {
    const newest = entries[0];
    if (!newest) return;
    markRead.mutate(newest.id, {
      onError: () => notify.error('Your activity could not be marked as read. Please try again.'),
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="activity-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Title id="activity-title" order={2} fz={{ base: 18, sm: 20 }}>
              Activity
            </Title>
            {unread > 0 && (
              <Badge color="red" variant="filled" circle={unread < 10} aria-label={`${unread} unread`}>
                {unread}
              </Badge>
            )}
          </Group>
          <Button variant="subtle" size="xs" onClick={markAllRead} disabled={unread === 0} loading={markRead.isPending}>
            Mark all as read
          </Button>
        </Group>
        {activity.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading activity" />
          </Center>
        ) : activity.isError ? (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              Your activity could not be loaded.
            </Text>
            <Button variant="light" size="xs" onClick={() => void activity.refetch()}>
              Try again
            </Button>
          </Group>
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            New sales, tips, subscribers and chargebacks will show here.
          </Text>
        ) : (
          <Box component="ul" aria-label="Activity entries" className={classes.entries}>
            {entries.map((entry) => (
              <ActivityItem key={entry.id} entry={entry} />
            ))}
          </Box>
        )}
        {activity.hasNextPage && (
          <Button
            variant="light"
            size="xs"
            onClick={() => void activity.fetchNextPage()}
            loading={activity.isFetchingNextPage}
          >
            Show more
          </Button>
        )}
      </Stack>
    </Card>
  );
}
