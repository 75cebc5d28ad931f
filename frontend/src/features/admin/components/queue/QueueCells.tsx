import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatRelative } from '@/shared/format';

/**
 * The row's link to its detail page: the keyboard's way in (the whole row also opens on a click).
 * It stops the click so the row does not navigate a second time.
 */
export function QueueLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      fw={600}
      onClick={(event) => event.stopPropagation()}
      display="block"
      truncate="end"
    >
      {children}
    </Anchor>
  );
}

/** A time in a queue row, relative to `now`; `stacked` adds the full date under it (from sm up), otherwise it is the tooltip. */
export function QueueTime({ iso, now, stacked = false }: { iso: string | null; now: number; stacked?: boolean }) {
  if (!iso) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  if (!stacked) {
    return (
      <Text size="sm" title={formatDateTime(iso)} style={{ whiteSpace: 'nowrap' }}>
        {formatRelative(iso, now)}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatRelative(iso, now)}
      </Text>
      <Text size="xs" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(iso)}
      </Text>
    </>
  );
}
