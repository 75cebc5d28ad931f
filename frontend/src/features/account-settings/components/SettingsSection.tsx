import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function SettingsSection({ icon: SectionIcon, title, description, color, children }: { icon: Icon; title: string; description: string; color?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color={color}>
            <SectionIcon size={22} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} fz={18}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
