import { Badge, Text } from '@mantine/core';
import type { ContentItem } from '../services/admin.types';
import type { ClaimState, HeldClaim } from '../services/claims';
import { contentStatusLabel } from '../services/moderation-labels';

export function ClaimBadge({ claim }: { claim: ClaimState }) {
  if (claim.kind === 'mine') {
    return (
      <Badge color="green" variant="light" radius="sm">
        Claimed by you
      </Badge>
    );
  }
  if (claim.kind === 'other') {
    return (
      <Text size="sm" truncate="end" title={`Claimed by ${claim.holder.email}`}>
        <Text span size="sm" c="dimmed">
          Claimed by{' '}
        </Text>
        {claim.holder.email}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Unclaimed
    </Text>
  );
}

/** Content and cases know the claim holder by id only. */
export function HeldClaimBadge({ claim }: { claim: HeldClaim }) {
  if (claim.kind === 'mine') return <ClaimBadge claim={claim} />;
  if (claim.kind === 'other') {
    return (
      <Text size="sm" truncate="end" title={`Claimed by staff member ${claim.holderId}`}>
        Claimed by someone else
      </Text>
    );
  }
  return <ClaimBadge claim={claim} />;
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
