import { Card, Group, Stack, Text } from '@mantine/core';
import { IconMovie, IconPhoto } from '@tabler/icons-react';
import type { ContentItem } from '../services/admin.types';
import { formatBytes } from '../services/moderation-labels';
import { mediaFacts } from './media-meta';
import { PhotoGallery } from './PhotoGallery';
import { VideoPlayer } from './VideoPlayer';

export interface ContentMediaPanelProps {
  item: ContentItem;
  onExpired: () => void;
  onReload: () => void;
}

/** Every file of an item: videos in a player, photos as a gallery. */
export function ContentMediaPanel({ item, onExpired, onReload }: ContentMediaPanelProps) {
  const videos = item.media.filter((media) => media.mediaType === 'video');
  const photos = item.media.filter((media) => media.mediaType === 'image');
  const total = item.media.reduce((sum, media) => sum + media.sizeBytes, 0);

  if (item.status === 'removed') {
    return (
      <Card withBorder radius="md" py="xl" px="md">
        <Text c="dimmed" ta="center" size="sm">
          The files of removed content are not served to anyone, staff included. Restore the item to see them again.
        </Text>
      </Card>
    );
  }

  if (item.media.length === 0) {
    return (
      <Card withBorder radius="md" py="xl">
        <Text c="dimmed" ta="center" size="sm">
          This item has no files.
        </Text>
      </Card>
    );
  }

  return (
    <Stack gap="md">
      {videos.map((video) => (
        <Card key={video.id} withBorder radius="md" padding="sm" component="section" aria-label="Video">
          <Group gap="xs" mb="xs" wrap="nowrap">
            <IconMovie size={18} stroke={1.6} aria-hidden />
            <Text size="sm" fw={600} truncate="end" title={video.originalName}>
              {video.originalName}
            </Text>
          </Group>
          <VideoPlayer media={video} onExpired={onExpired} onReload={onReload} />
          <Text size="xs" c="dimmed" mt={6}>
            {mediaFacts(video)}
          </Text>
        </Card>
      ))}
      {photos.length > 0 && (
        <Card withBorder radius="md" padding="sm" component="section" aria-label="Photos">
          <Group gap="xs" mb="xs" justify="space-between">
            <Group gap="xs" wrap="nowrap">
              <IconPhoto size={18} stroke={1.6} aria-hidden />
              <Text size="sm" fw={600}>
                {photos.length === 1 ? '1 photo' : `${photos.length} photos`}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {formatBytes(photos.reduce((sum, media) => sum + media.sizeBytes, 0))}
            </Text>
          </Group>
          <PhotoGallery photos={photos} onExpired={onExpired} onReload={onReload} />
        </Card>
      )}
      <Text size="xs" c="dimmed">
        {item.media.length === 1 ? '1 file' : `${item.media.length} files`}, {formatBytes(total)}. Media links expire
        after ten minutes and are renewed automatically while this page is open.
      </Text>
    </Stack>
  );
}
