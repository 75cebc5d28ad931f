import { Stack, Table, Text } from '@mantine/core';
import type { ContentItem } from '../services/admin.types';
import { formatDateTime, formatMoney, formatRelative } from '@/shared/format';
import { CopyableId, FactRow } from './FactRow';

/** What the creator entered and where the item stands in review. */
export function ContentFacts({ item, now, meId }: { item: ContentItem; now: number; meId: string }) {
  const decidedBy = item.decidedBy === meId ? 'you' : 'another staff member';
  return (
    <Table variant="vertical" layout="fixed" fz="sm" verticalSpacing={6} withRowBorders aria-label="Content details">
      <Table.Tbody>
        <FactRow label="Kind">{item.kind === 'video' ? 'Video' : 'Photo album'}</FactRow>
        <FactRow label="Price">{formatMoney(item.priceMinor, item.currency)}</FactRow>
        <FactRow label="Creator ID">
          <CopyableId value={item.creatorId} label="creator ID" />
        </FactRow>
        <FactRow label="Collaborators">
          {item.collaboratorIds.length === 0 ? (
            <Text size="sm" c="dimmed">
              None featured
            </Text>
          ) : (
            <Stack gap={4}>
              {item.collaboratorIds.map((collaboratorId) => (
                <CopyableId key={collaboratorId} value={collaboratorId} label="collaborator ID" />
              ))}
            </Stack>
          )}
        </FactRow>
        <FactRow label="Content ID">
          <CopyableId value={item.id} label="content ID" />
        </FactRow>
        <FactRow label="Submitted">
          {item.submittedAt ? (
            <>
              {formatDateTime(item.submittedAt)}{' '}
              <Text span size="xs" c="dimmed">
                ({formatRelative(item.submittedAt, now)})
              </Text>
            </>
          ) : (
            '—'
          )}
        </FactRow>
        {item.decidedAt && (
          <FactRow label="Decided">
            {formatDateTime(item.decidedAt)}
            {item.decidedBy && (
              <Text span size="sm" c="dimmed">
                {' '}
                by {decidedBy}
              </Text>
            )}
          </FactRow>
        )}
        {item.rejectionReason && <FactRow label="Reason">{item.rejectionReason}</FactRow>}
        <FactRow label="Description">
          {item.description ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {item.description}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              No description
            </Text>
          )}
        </FactRow>
      </Table.Tbody>
    </Table>
  );
}
