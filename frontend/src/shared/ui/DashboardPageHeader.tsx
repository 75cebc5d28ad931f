import { Box, Flex, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DashboardPageHeaderProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** The staff console's denser header: smaller title, the action kept beside it on phones too. */
  dense?: boolean;
}

/** A dashboard page's title (its one h1), one line of description and an optional action, stacked on phones. */
export function DashboardPageHeader({ title, description, action, dense = false }: DashboardPageHeaderProps) {
  if (dense) {
    return (
      <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          {/* a div, as console descriptions often hold badges */}
          {description && (
            <Text size="sm" c="dimmed" component="div">
              {description}
            </Text>
          )}
        </Stack>
        {action && <Box style={{ flexShrink: 0 }}>{action}</Box>}
      </Group>
    );
  }
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', sm: 'flex-start' }}
      gap="md"
    >
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {action}
    </Flex>
  );
}
