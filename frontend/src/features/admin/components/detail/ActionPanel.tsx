import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ClaimView } from '../../services/admin.types';
import { formatDateTime } from '@/shared/format';
import { ClaimToggle } from '../ClaimToggle';

/** The card that holds a detail page's actions. */
export function ActionCard({ children }: { children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

export interface ClaimControlsProps {
  claim: ClaimView;
  /** What the viewer may do, from the server's claim state (the web keeps no copy of the claim rule). */
  hint: string;
  /** The action in flight, if any: every button waits for it. */
  pending: string | null;
  onToggle: (action: 'claim' | 'release') => void;
  /** The deciding buttons (enabled only while the viewer holds the claim). */
  children: ReactNode;
}

/** The claim hint, read out when it changes, then Claim or Release beside the deciding buttons; none on one's own work. */
export function ClaimControls({ claim, hint, pending, onToggle, children }: ClaimControlsProps) {
  const toggling = pending === 'claim' || pending === 'release' ? pending : null;
  return (
    <>
      <Text size="sm" c="dimmed" aria-live="polite">
        {hint}
      </Text>
      {claim.state !== 'own_work' && (
        <Group gap="xs">
          <ClaimToggle state={claim.state} pending={toggling} busy={pending !== null} onToggle={onToggle} />
          {children}
        </Group>
      )}
    </>
  );
}

export interface DecisionSummaryProps {
  label: string;
  badge: ReactNode;
  at?: string | null;
  note?: string | null;
}

/** A decided record's decision: what it was, when, and the note kept with it. */
export function DecisionSummary({ label, badge, at, note }: DecisionSummaryProps) {
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {badge}
        {at && (
          <Text size="sm" c="dimmed">
            {formatDateTime(at)}
          </Text>
        )}
      </Group>
      {note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note}
        </Text>
      )}
    </Stack>
  );
}
