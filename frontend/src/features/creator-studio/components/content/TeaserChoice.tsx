import { Radio, Stack } from '@mantine/core';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useChooseTeaser } from '../../hooks/use-content-queries';
import type { ContentItem, Teaser } from '../../services/content.service';

const OPTIONS: Record<ContentItem['kind'], { value: Teaser; label: string; description: string }[]> = {
  album: [
    { value: 'blurred', label: 'Blurred card', description: 'Visitors see your cover blurred until they buy.' },
    {
      value: 'preview',
      label: 'Free preview',
      description:
        'Your cover photo is shown sharp on your store, free to everyone who can see it. The other photos stay blurred.',
    },
  ],
  video: [
    { value: 'blurred', label: 'Blurred card', description: 'Visitors see a blurred frame until they buy.' },
    {
      value: 'preview',
      label: 'Free preview',
      description: 'The first 10 seconds play on your store, small and silent, free to everyone who can see it.',
    },
  ],
};

/** What the store shows before purchase; saved on choice, and only ever shown once the item is approved. */
export function TeaserChoice({ item }: { item: ContentItem }) {
  const choose = useChooseTeaser(item.id);
  const shown = choose.isPending && choose.variables ? choose.variables : item.teaser;
  return (
    <Radio.Group
      value={shown}
      onChange={(value) =>
        choose.mutate(value as Teaser, {
          onSuccess: () => notify.success(value === 'preview' ? 'Free preview on' : 'Blurred card on'),
          onError: (error) =>
            notify.error(
              error instanceof ApiError && error.status < 500 ? error.message : 'The teaser could not be saved',
            ),
        })
      }
      label="Free teaser"
      description="What your store shows before someone buys. Shown once the item is approved; you can change it at any time."
    >
      <Stack gap="sm" mt="sm">
        {OPTIONS[item.kind].map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            label={option.label}
            description={option.description}
            disabled={choose.isPending}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
