import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="nowrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed" component="div">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Box style={{ flexShrink: 0 }}>{actions}</Box>}
    </Group>
  );
}
