import { Badge, Text } from '@mantine/core';
import type { ClaimView, ContentItem } from '../services/admin.types';
import { contentStatusLabel } from '../services/moderation-labels';

/** The claim column of a queue, from the server's claim state; `holder` names who holds it when known. */
export function ClaimBadge({ claim, holder }: { claim: ClaimView; holder?: string | null }) {
  if (claim.state === 'mine') {
    return (
      <Badge color="green" variant="light" radius="sm">
        Claimed by you
      </Badge>
    );
  }
  if (claim.state === 'own_work') {
    return (
      <Badge color="gray" variant="light" radius="sm" title="Your own work: another reviewer decides it">
        Your own
      </Badge>
    );
  }
  if (claim.state === 'taken') {
    if (!holder) return <Text size="sm">Claimed by someone else</Text>;
    return (
      <Text size="sm" truncate="end" title={`Claimed by ${holder}`}>
        <Text span size="sm" c="dimmed">
          Claimed by{' '}
        </Text>
        {holder}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Unclaimed
    </Text>
  );
}

const STATUS_COLORS: Record<string, string> = { processing: 'blue', accepted: 'green', rejected: 'red' };

export function StatusBadge({ status }: { status: string | null }) {
  if (!status) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Badge color={STATUS_COLORS[status.toLowerCase()] ?? 'gray'} variant="light" radius="sm">
      {status}
    </Badge>
  );
}

const ROLE_COLORS: Record<string, string> = { admin: 'fanmint', moderator: 'aqua', creator: 'violet', fan: 'gray' };

export function RoleBadge({ role }: { role: string }) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role] ?? 'gray'} radius="sm" size="sm">
      {role}
    </Badge>
  );
}


const REVIEW_COLORS: Record<ContentItem['status'], string> = { draft: 'gray', pending_review: 'blue', approved: 'green', rejected: 'red', removed: 'gray' };

export function ReviewStatusBadge({ status }: { status: ContentItem['status'] }) {
  return (
    <Badge color={REVIEW_COLORS[status]} variant="light" radius="sm" tt="none">
      {contentStatusLabel(status)}
    </Badge>
  );
}
