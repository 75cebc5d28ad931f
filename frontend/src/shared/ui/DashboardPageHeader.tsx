import { Flex, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dashboard page's title (its one h1), one line of description and an optional action, stacked on phones. */
export function DashboardPageHeader({ title, description, action }: { title: string; description: ReactNode; action?: ReactNode }) {
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }} gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
      {action}
    </Flex>
  );
}
