import { Badge, Container, Stack, Text, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export interface PlaceholderPageProps {
  title: string;
  line?: string;
}

/** Stand-in for public pages that later issues build out; keeps every route navigable now. */
export function PlaceholderPage({ title, line = 'This page is on its way. Check back soon.' }: PlaceholderPageProps) {
  usePageMeta({ title });
  return (
    <Container size="md" py={64}>
      <Stack gap="md" align="flex-start">
        <Badge variant="light" color="aqua" size="lg">
          Coming soon
        </Badge>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          {line}
        </Text>
      </Stack>
    </Container>
  );
}
