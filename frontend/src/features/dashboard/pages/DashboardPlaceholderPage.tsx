import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export function DashboardPlaceholderPage({ title, line }: { title: string; line?: string }) {
  usePageMeta({ title, noindex: true });
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="sm" align="flex-start">
          <Badge variant="light" color="aqua">
            Coming soon
          </Badge>
          <Text c="dimmed">{line ?? `${title} opens with the full platform launch.`}</Text>
        </Stack>
      </Card>
    </Stack>
  );
}
