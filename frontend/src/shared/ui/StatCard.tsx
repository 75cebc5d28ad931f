import { Card, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatCardProps {
  title: string;
  value: ReactNode;
  hint?: ReactNode;
  /** The title's id; by default made from the title. */
  id?: string;
}

/** One figure with its title; the card is a labelled region so a reader (and a test) finds it by name. */
export function StatCard({
  title,
  value,
  hint,
  id = `stat-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
}: StatCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap={4}>
        <Text id={id} size="sm" c="dimmed" fw={600}>
          {title}
        </Text>
        <Text
          fz={{ base: 24, sm: 28 }}
          fw={700}
          lh={1.2}
          style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
        >
          {value}
        </Text>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
