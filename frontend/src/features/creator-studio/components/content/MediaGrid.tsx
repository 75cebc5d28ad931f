import { ActionIcon, AspectRatio, Box, Button, Center, Image, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { isEditable, type ContentItem, type ContentMedia } from '../../services/content.service';
import { useRemoveMedia } from '../../hooks/use-content-queries';
import { notify } from '../../../../lib/notify';
import { ApiError } from '../../../../lib/api-client';

const duration = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

function MediaTile({ media, ratio }: { media: ContentMedia; ratio: number }) {
  if (media.status === 'uploaded') {
    return (
      <AspectRatio ratio={ratio} bg="var(--mantine-color-default-hover)">
        <Center>
          <Stack gap={6} align="center" p="xs">
            <Loader size="sm" aria-hidden />
            <Text size="xs" c="dimmed" ta="center">
              Processing...
            </Text>
          </Stack>
        </Center>
      </AspectRatio>
    );
  }
  if (media.status === 'failed') {
    return (
      <AspectRatio ratio={ratio} bg="var(--mantine-color-default-hover)">
        <Center>
          <Stack gap={4} align="center" p="xs">
            <IconAlertTriangle size={20} color="var(--mantine-color-error)" aria-hidden />
            <Text size="xs" ta="center" c="var(--mantine-color-error)" lineClamp={3}>
              {`Processing failed: ${media.error ?? 'the file could not be read'}`}
            </Text>
          </Stack>
        </Center>
      </AspectRatio>
    );
  }
  return (
    <Box pos="relative">
      <AspectRatio ratio={ratio} bg="var(--mantine-color-default-hover)">
        <Image src={media.thumbnailUrl} alt={media.originalName} fit="cover" radius="sm" />
      </AspectRatio>
      {media.durationSeconds !== null && (
        <Text
          size="xs"
          fw={600}
          pos="absolute"
          bottom={6}
          right={6}
          px={6}
          bg="rgba(0, 0, 0, 0.72)"
          c="white"
          style={{ borderRadius: 4 }}
        >
          {duration(media.durationSeconds)}
        </Text>
      )}
    </Box>
  );
}

/** The item's files as the server has them: processing, failed, or ready with a thumbnail (video: playable). */
export function MediaGrid({ item }: { item: ContentItem }) {
  const remove = useRemoveMedia(item.id);
  if (item.media.length === 0) return null;
  const editable = isEditable(item);
  const removeFile = (media: ContentMedia) =>
    remove.mutate(media.id, {
      onSuccess: () => notify.success(`${media.originalName} removed`),
      onError: (error) => notify.error(error instanceof ApiError && error.status < 500 ? error.message : 'Failed to remove the file'),
    });
  if (item.kind === 'video') {
    const [media] = item.media;
    return (
      <Stack gap="xs">
        <VideoTile media={media} />
        {editable && (
          <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => removeFile(media)} loading={remove.isPending} style={{ alignSelf: 'flex-start' }}>
            Remove this video file
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" aria-label="Photos in this album">
      {item.media.map((media) => (
        <Box key={media.id} pos="relative">
          <MediaTile media={media} ratio={1} />
          {editable && (
            <ActionIcon
              variant="filled"
              color="dark"
              size="sm"
              pos="absolute"
              top={4}
              right={4}
              aria-label={`Remove ${media.originalName}`}
              onClick={() => removeFile(media)}
              disabled={remove.isPending}
            >
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Box>
      ))}
    </SimpleGrid>
  );
}

function VideoTile({ media }: { media: ContentMedia }) {
  return media.status === 'ready' && media.fileUrl ? (
      <AspectRatio ratio={16 / 9}>
        <video
          src={media.fileUrl}
          poster={media.thumbnailUrl ?? undefined}
          controls
          preload="metadata"
          aria-label={`Preview of ${media.originalName}`}
          style={{ background: '#000', borderRadius: 4 }}
        />
      </AspectRatio>
  ) : (
    <MediaTile media={media} ratio={16 / 9} />
  );
}
