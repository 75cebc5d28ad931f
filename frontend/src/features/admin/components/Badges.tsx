import { Badge, Text } from '@mantine/core';
import type { ClaimState } from '../services/claims';

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

