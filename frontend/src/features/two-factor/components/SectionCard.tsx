import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
}

export function SectionCard({ icon, title, description, badge, children }: SectionCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" style={{ flexShrink: 0 }}>
            {icon}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="wrap" align="center" justify="space-between">
              <Title order={2} fz={{ base: 18, sm: 20 }}>
                {title}
              </Title>
              {badge}
            </Group>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
