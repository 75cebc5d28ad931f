import { Badge, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import contrast from '@/shared/ui/contrast.module.css';
import { formatDateTime, storeLabel, type Collaboration } from '../services/collaborations.service';
import { PersonHeader } from './PersonHeader';
import { ReleaseFormField } from './ReleaseFormField';

const STATUS: Record<Collaboration['status'], { label: string; color: string; className?: string }> = {
  requested: { label: 'Pending', color: 'orange', className: contrast.orangeOnTint },
  approved: { label: 'Approved', color: 'teal', className: contrast.tealOnTint },
  rejected: { label: 'Rejected', color: 'red' },
  removed: { label: 'Removed', color: 'gray' },
};

const kinds = (entry: Collaboration) =>
  [entry.canVideos && 'Videos', entry.canAlbums && 'Photo albums'].filter(Boolean).join(' and ') || 'No content yet';

/** A creator I asked to collaborate with: the answer, and once approved what I may appear in and my release form. */
export function MyRequestItem({ entry }: { entry: Collaboration }) {
  const headingId = useId();
  const creator = storeLabel(entry.creatorStore);
  const status = STATUS[entry.status];

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <PersonHeader
            id={headingId}
            name={creator}
            badge={
              <Badge color={status.color} variant="light" tt="none" classNames={{ label: status.className }}>
                {status.label}
              </Badge>
            }
          />
          <Text size="xs" c="dimmed">
            <time dateTime={entry.requestedAt}>{`Requested ${formatDateTime(entry.requestedAt)}`}</time>
          </Text>
        </Stack>
        {entry.status === 'approved' && (
          <>
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                You may appear in:
              </Text>
              <Text size="sm" fw={600}>
                {kinds(entry)}
              </Text>
            </Group>
            <Divider />
            <ReleaseFormField entry={entry} person={creator} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
