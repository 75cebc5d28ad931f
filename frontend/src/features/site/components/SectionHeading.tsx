import { Stack, Text, Title } from '@mantine/core';
import site from './site.module.css';

/** An h2 with its lead line; `id` lets the section be labelled by its heading. */
export function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <Stack gap={4} mb="xl" maw={720}>
      <Title order={2} id={id} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      {lead && (
        <Text size="lg" className={site.muted}>
          {lead}
        </Text>
      )}
    </Stack>
  );
}
