import { HydratedFieldset } from '../../../lib/hydrated-fieldset';
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { FAQ_TAGS, type FaqTag } from '../faq-filter';

export interface FaqControlsProps {
  search: string;
  tag: FaqTag;
  onSearchChange: (search: string) => void;
  onTagChange: (tag: FaqTag) => void;
}

const tagLabel = (tag: FaqTag) => tag.charAt(0).toUpperCase() + tag.slice(1);

/** The search box and the topic toggle buttons. */
export function FaqControls({ search, tag, onSearchChange, onTagChange }: FaqControlsProps) {
  // Inert until the page runs, so a search typed into the prerendered page is never lost.
  return (
    <HydratedFieldset>
      <Stack gap="md">
        <TextInput
          label="Search FAQs"
          placeholder="Search questions and answers"
          type="search"
          size="md"
          radius="md"
          value={search}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          leftSection={<IconSearch size={18} />}
          rightSection={
            search ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size={32}
                onClick={() => onSearchChange('')}
                aria-label="Clear search"
              >
                <IconX size={16} />
              </ActionIcon>
            ) : null
          }
        />
        <Group gap="xs" role="group" aria-label="Filter by topic">
          {FAQ_TAGS.map((t) => (
            <Button
              key={t}
              size="compact-md"
              px={8}
              radius="xl"
              fw={500}
              variant={t === tag ? 'filled' : 'default'}
              aria-pressed={t === tag}
              onClick={() => onTagChange(t)}
            >
              {tagLabel(t)}
            </Button>
          ))}
        </Group>
      </Stack>
    </HydratedFieldset>
  );
}
