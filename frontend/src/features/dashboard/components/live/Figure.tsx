import { Card, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure of the dashboard: a labelled region, so a reader (and a test) finds it by name. */
export function Figure({ id, title, value, hint }: { id: string; title: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap={4}>
        <Text id={id} size="sm" c="dimmed" fw={600}>
          {title}
        </Text>
        <Text fz={{ base: 24, sm: 28 }} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
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
