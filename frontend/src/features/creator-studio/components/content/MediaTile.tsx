import { AspectRatio, Box, Center, Image, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ContentMedia } from '../../services/content.service';

const duration = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** One file as the server has it: processing, failed, or its thumbnail (with a video's length). */
export function MediaTile({ media, ratio }: { media: ContentMedia; ratio: number }) {
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
