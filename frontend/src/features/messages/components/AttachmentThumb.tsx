import { Badge, Center, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconClockHour4, IconPhoto, IconVideo } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { openMedia } from '../services/messages.service';
import type { Attachment } from '../services/messages-types';
import classes from './messages.module.css';

interface AttachmentThumbProps {
  conversationId: string;
  messageId: string;
  attachment: Attachment;
}

/** One photo set or video in a message: a thumbnail through the signed media route once released. */
export function AttachmentThumb({ conversationId, messageId, attachment }: AttachmentThumbProps) {
  const released = attachment.state === 'released';
  // A link that no longer loads (expired, or the file is gone) shows the placeholder, never a broken image.
  const [broken, setBroken] = useState(false);
  const opened = useQuery({
    queryKey: ['messages', 'media', messageId, attachment.contentId],
    queryFn: () => openMedia(conversationId, messageId, attachment.contentId),
    enabled: released,
    staleTime: 8 * 60_000, // the links are signed for ten minutes
    retry: false,
  });
  const Glyph = attachment.kind === 'video' ? IconVideo : IconPhoto;
  const label = attachment.kind === 'video' ? 'Video' : 'Photo album';
  const first = opened.data?.media[0];
  const src = first?.thumbnailUrl ?? first?.previewUrl ?? (first?.mediaType === 'image' ? first.fileUrl : null);

  return (
    <Paper withBorder radius="md" className={classes.attachment}>
      {released && src && !broken ? (
        <a href={first?.fileUrl ?? src} target="_blank" rel="noreferrer" aria-label={`Open ${label.toLowerCase()}`}>
          <Image src={src} alt={label} h={140} w={180} fit="cover" radius="md" onError={() => setBroken(true)} />
        </a>
      ) : (
        <Center h={110} w={180}>
          <Stack align="center" gap={4}>
            {released && opened.isPending ? (
              <Loader size="sm" role="status" aria-label="Loading media" />
            ) : (
              <Glyph size={26} stroke={1.5} aria-hidden />
            )}
            <Text size="xs" fw={600}>
              {label}
            </Text>
            {attachment.state === 'pending' && (
              <Badge size="sm" variant="light" color="yellow" leftSection={<IconClockHour4 size={12} aria-hidden />}>
                Awaiting review
              </Badge>
            )}
            {attachment.state === 'removed' && (
              <Badge size="sm" variant="light" color="gray">
                Removed
              </Badge>
            )}
            {released && (opened.isError || broken) && (
              <Text size="xs" c="dimmed">
                Could not load
              </Text>
            )}
          </Stack>
        </Center>
      )}
    </Paper>
  );
}
