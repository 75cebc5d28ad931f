import { Group, Text } from '@mantine/core';
import { IconAlarm, IconAlertTriangle, IconHourglass } from '@tabler/icons-react';
import { ConsoleBadge } from './ConsoleBadge';
import { useNow } from '../hooks/use-now';
import type { ModerationCase } from '../services/admin.types';
import { countdown } from '../services/deadline';
import { formatDateTime } from '@/shared/format';
import classes from './deadline.module.css';

const ICONS = { on_time: IconHourglass, warn: IconAlarm, overdue: IconAlertTriangle };

export interface DeadlineCountdownProps {
  item: Pick<ModerationCase, 'openedAt' | 'dueAt' | 'remainingMs' | 'breached'>;
  /** When the item was fetched: its `remainingMs` was true then. */
  fetchedAt: number;
  size?: 'xs' | 'sm';
}

/** Time left to a case's deadline, ticking every second; amber in the last quarter, red once overdue. */
export function DeadlineCountdown({ item, fetchedAt, size = 'sm' }: DeadlineCountdownProps) {
  const now = useNow(1000);
  const { stage, text } = countdown(item, fetchedAt, now);
  const Icon = ICONS[stage];
  return (
    <Group gap={6} wrap="wrap" title={`Due ${formatDateTime(item.dueAt)}`} data-stage={stage}>
      <Text
        span
        size={size}
        fw={stage === 'on_time' ? 500 : 700}
        className={stage === 'on_time' ? undefined : classes[stage]}
        style={{
          whiteSpace: 'nowrap',
          fontVariantNumeric: 'tabular-nums',
          display: 'inline-flex',
          alignItems: 'center',
          gap: 4,
        }}
      >
        <Icon size={size === 'xs' ? 14 : 16} stroke={1.8} aria-hidden />
        {text}
      </Text>
      {item.breached && (
        <ConsoleBadge color="red.8" variant="filled" size="sm" tt="none">
          Deadline missed
        </ConsoleBadge>
      )}
    </Group>
  );
}

/** How a resolved case did against its deadline. */
export function ResolvedDeadline({ item }: { item: Pick<ModerationCase, 'dueAt' | 'resolvedAt' | 'breached'> }) {
  const late =
    item.breached || (item.resolvedAt !== null && new Date(item.resolvedAt).getTime() > new Date(item.dueAt).getTime());
  if (item.breached) {
    return (
      <ConsoleBadge color="red.8" variant="filled" size="sm" tt="none">
        Deadline missed
      </ConsoleBadge>
    );
  }
  return (
    <ConsoleBadge color={late ? 'red' : 'green'} variant="light" size="sm" tt="none">
      {late ? 'Resolved late' : 'On time'}
    </ConsoleBadge>
  );
}
