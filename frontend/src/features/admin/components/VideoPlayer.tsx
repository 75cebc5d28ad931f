import { Button, Stack, Text } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { ContentMedia } from '../services/admin.types';
import { notReadyText } from './media-meta';

export interface VideoPlayerProps {
  media: ContentMedia;
  /** The link failed, most likely expired: the caller fetches fresh ones. */
  onExpired: () => void;
  onReload: () => void;
}

/**
 * The full video with the browser's controls (the server answers range requests, so seeking works).
 * Once playback starts the link is kept, so the eight-minute refresh does not restart the video; if
 * the kept link fails later (it expired while paused), the player moves to the newest link and
 * carries on where it was.
 */
export function VideoPlayer({ media, onExpired, onReload }: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [pinned, setPinned] = useState<string | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const src = pinned ?? media.fileUrl;

  if (!src) {
    return (
      <Stack
        align="center"
        justify="center"
        gap="xs"
        mih={200}
        p="md"
        ta="center"
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 4 }}
      >
        <IconVideoOff size={28} stroke={1.5} aria-hidden />
        <Text size="sm" c="dimmed">
          {notReadyText(media)}
        </Text>
      </Stack>
    );
  }

  if (failedSrc === src) {
    return (
      <Stack
        align="center"
        justify="center"
        gap="xs"
        mih={200}
        p="md"
        ta="center"
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 4 }}
      >
        <IconVideoOff size={28} stroke={1.5} aria-hidden />
        <Text size="sm" c="dimmed">
          The video could not be loaded.
        </Text>
        <Button size="xs" variant="default" onClick={onReload}>
          Reload media
        </Button>
      </Stack>
    );
  }

  return (
    <video
      ref={ref}
      key={media.id}
      src={src}
      poster={media.thumbnailUrl ?? undefined}
      controls
      preload="metadata"
      playsInline
      aria-label={`Video: ${media.originalName}`}
      style={{ display: 'block', width: '100%', maxHeight: '70vh', background: '#000', borderRadius: 4 }}
      onPlay={() => setPinned((current) => current ?? src)}
      onLoadedMetadata={() => {
        const video = ref.current;
        const at = resume.current;
        if (!video || !at) return;
        resume.current = null;
        video.currentTime = at.time;
        if (at.playing) void video.play().catch(() => undefined);
      }}
      onError={() => {
        const video = ref.current;
        if (video && video.currentTime > 0) resume.current = { time: video.currentTime, playing: !video.paused };
        if (src !== media.fileUrl) {
          // A newer link is already here: switch to it.
          setPinned(null);
          return;
        }
        setPinned(null);
        setFailedSrc(src);
        onExpired();
      }}
    />
  );
}
