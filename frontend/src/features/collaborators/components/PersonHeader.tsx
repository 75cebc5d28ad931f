import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The person's email with a status badge beside it (under it when the line is too narrow). */
export function PersonHeader({ email, id, badge }: { email: string; id: string; badge: ReactNode }) {
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text id={id} fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {email}
      </Text>
      {badge}
    </Group>
  );
}
