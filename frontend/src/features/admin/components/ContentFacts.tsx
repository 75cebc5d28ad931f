import { Stack, Text } from '@mantine/core';
import type { ContentItem } from '../services/admin.types';
import { formatMoney } from '@/shared/format';
import { CopyableId, DecidedAt, FactRow, FactTable, FactTime } from './FactRow';

/** What the creator entered and where the item stands in review. */
export function ContentFacts({ item, now, meId }: { item: ContentItem; now: number; meId: string }) {
  return (
    <FactTable label="Content details">
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
      <FactRow label="Submitted">{item.submittedAt ? <FactTime iso={item.submittedAt} now={now} /> : '—'}</FactRow>
      {item.decidedAt && (
        <FactRow label="Decided">
          <DecidedAt
            iso={item.decidedAt}
            by={item.decidedBy && (item.decidedBy === meId ? 'you' : 'another staff member')}
          />
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
    </FactTable>
  );
}
