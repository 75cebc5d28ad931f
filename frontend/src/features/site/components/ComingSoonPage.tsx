import { Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRocket, IconShieldCheck, IconUserCircle, type Icon } from '@tabler/icons-react';
import { usePageMeta } from '../../../lib/page-meta';
import { IconBadge } from '@/shared/ui/IconBadge';
import marketing from '@/shared/ui/marketing.module.css';
import { fillText } from '../content/fill-text';
import content from '../content/coming-soon.json';
import { ComingSoonPreview } from './ComingSoonPreview';
import { JoinCallToAction } from './JoinCallToAction';
import { PageHeader } from '@/shared/ui/PageHeader';

const NOTE_ICONS: Record<string, Icon> = { account: IconUserCircle, age: IconShieldCheck, launch: IconRocket };

/** Stores and Categories before launch: the heading, the access notes and the join call to action. */
export function ComingSoonPage({ page }: { page: 'stores' | 'categories' }) {
  const { meta, eyebrow, title, lead, notesTitle, notes } = content[page];
  usePageMeta({ title: meta.title, description: fillText(meta.description), keywords: meta.keywords });
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} lead={lead} />
      <Container size="lg" pt={{ base: 16, sm: 24 }} pb={{ base: 32, sm: 48 }}>
        <Stack gap="xl">
          <ComingSoonPreview kind={page} />
          <section aria-labelledby="notes-title">
            <Title order={2} id="notes-title" fz={{ base: 24, sm: 28 }} mb="md">
              {notesTitle}
            </Title>
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: notes.length }}
              spacing="lg"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {notes.map((note) => (
                <Group component="li" key={note.text} gap="md" align="flex-start" wrap="nowrap">
                  <IconBadge
                    icon={NOTE_ICONS[note.icon] ?? IconRocket}
                    size="sm"
                    radius="md"
                    style={{ flexShrink: 0 }}
                  />
                  <Text className={marketing.muted}>{fillText(note.text)}</Text>
                </Group>
              ))}
            </SimpleGrid>
          </section>
          <JoinCallToAction />
        </Stack>
      </Container>
    </>
  );
}
