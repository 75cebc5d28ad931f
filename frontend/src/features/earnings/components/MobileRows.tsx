import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './earnings.module.css';

export interface MobileRow {
  key: string;
  title: ReactNode;
  amount: ReactNode;
  /** One dimmed line: date, buyer, method... */
  meta: ReactNode;
  badge?: ReactNode;
  extra?: ReactNode;
}

/**
 * Phones: a table row becomes a short stacked entry, so nothing hides behind a sideways scroll.
 * From `sm` up the table shows instead (the two are swapped with CSS).
 */
export function MobileRows({ label, rows }: { label: string; rows: MobileRow[] }) {
  return (
    <Box component="ul" aria-label={label} hiddenFrom="sm" className={classes.mobileRows}>
      {rows.map((row) => (
        <li key={row.key}>
          <Stack gap={4}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Box miw={0} style={{ overflowWrap: 'anywhere' }}>
                {row.title}
              </Box>
              <Box className={classes.amount} fw={600}>
                {row.amount}
              </Box>
            </Group>
            <Group gap="xs" wrap="wrap">
              {row.badge}
              <Text size="xs" c="dimmed">
                {row.meta}
              </Text>
            </Group>
            {row.extra}
          </Stack>
        </li>
      ))}
    </Box>
  );
}
