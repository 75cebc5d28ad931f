import { Text } from '@mantine/core';
import { ConsoleBadge } from './ConsoleBadge';
import type { ClaimView } from '../services/admin.types';
import type { StatusTone } from '../services/status-labels';

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

/** A record's status as people read it ("Rejected", not "rejected"), the same badge on every page; a dash when it has none. */
export function StatusBadge({ tone }: { tone: StatusTone | null }) {
  if (!tone) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <ConsoleBadge color={tone.color} variant="light" tt="none">
      {tone.label}
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
