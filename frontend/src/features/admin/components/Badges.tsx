import { Text } from '@mantine/core';
import { ConsoleBadge } from './ConsoleBadge';
import type { ClaimView, ContentItem } from '../services/admin.types';
import { contentStatusLabel } from '../services/moderation-labels';

/** The claim column of a queue, from the server's claim state; `holder` names who holds it when known. */
export function ClaimBadge({ claim, holder }: { claim: ClaimView; holder?: string | null }) {
  if (claim.state === 'mine') {
    return (
      <ConsoleBadge color="green" variant="light">
        Claimed by you
      </ConsoleBadge>
    );
  }
  if (claim.state === 'own_work') {
    return (
      <ConsoleBadge color="gray" variant="light" title="Your own work: another reviewer decides it">
        Your own
      </ConsoleBadge>
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
    <ConsoleBadge color={STATUS_COLORS[status.toLowerCase()] ?? 'gray'} variant="light">
      {status}
    </ConsoleBadge>
  );
}

const ROLE_COLORS: Record<string, string> = { admin: 'fanmint', moderator: 'aqua', creator: 'violet', fan: 'gray' };

export function RoleBadge({ role }: { role: string }) {
  return (
    <ConsoleBadge variant="light" color={ROLE_COLORS[role] ?? 'gray'} size="sm">
      {role}
    </ConsoleBadge>
  );
}


const REVIEW_COLORS: Record<ContentItem['status'], string> = { draft: 'gray', pending_review: 'blue', approved: 'green', rejected: 'red', removed: 'gray' };

export function ReviewStatusBadge({ status }: { status: ContentItem['status'] }) {
  return (
    <ConsoleBadge color={REVIEW_COLORS[status]} variant="light" tt="none">
      {contentStatusLabel(status)}
    </ConsoleBadge>
  );
}
