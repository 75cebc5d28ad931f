import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Who it is (their store's name) with a status badge beside it (under it when the line is too narrow). */
export function PersonHeader({ name, id, badge }: { name: string; id: string; badge: ReactNode }) {
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text id={id} fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {name}
      </Text>
      {badge}
    </Group>
  );
}
