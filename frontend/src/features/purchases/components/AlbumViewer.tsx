import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import classes from './AlbumViewer.module.css';

export interface ViewerPhoto {
  id: string;
  /** The number the creator and moderators see. */
  number: number | null;
  fileUrl: string;
}

export interface AlbumViewerProps {
  title: string;
  photos: ViewerPhoto[];
  /** The photo shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** A horizontal swipe at least this long (px) turns the page. */
const SWIPE_PX = 50;

/**
 * A bought album, one photo at a time, full screen and uncropped (object-fit: contain): arrow keys,
 * swipe, or the buttons move; Escape closes. The next and previous photos load ahead.
 */
export function AlbumViewer({ title, photos, index, onIndexChange, onClose }: AlbumViewerProps) {
  const count = photos.length;
  const current = index === null ? null : photos[index];
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const go = (by: number) => index !== null && count > 1 && onIndexChange((index + by + count) % count);

  useWindowEvent('keydown', (event) => {
    if (index === null) return;
    if (event.key === 'ArrowRight') go(1);
    if (event.key === 'ArrowLeft') go(-1);
  });

  useEffect(() => {
    if (index === null || count < 2) return;
    for (const near of [index + 1, index - 1]) new Image().src = photos[(near + count) % count].fileUrl;
  }, [index, count, photos]);

  const label = (at: number) => `Photo ${photos[at].number ?? at + 1}`;
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      zIndex={600}
      padding={0}
      classNames={{ content: classes.content, body: classes.body }}
      aria-label={title}
      transitionProps={{ duration: 0 }}
    >
      {current && index !== null && (
        <div className={classes.frame} data-album-viewer>
          <Group className={classes.bar} justify="space-between" wrap="nowrap" px="md" py="xs">
            <Text fw={600} c="white" truncate="end" style={{ minWidth: 0 }}>
              {title}
            </Text>
            <Group gap="md" wrap="nowrap">
              <Text
                c="gray.3"
                size="sm"
                aria-live="polite"
                aria-atomic
                style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              >
                {`${current.number ?? index + 1} / ${count}`}
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray.0"
                size="lg"
                onClick={onClose}
                aria-label="Close viewer"
                data-autofocus
              >
                <IconX size={22} />
              </ActionIcon>
            </Group>
          </Group>
          <div
            className={classes.stage}
            onPointerDown={(event) => (swipe.current = { x: event.clientX, y: event.clientY })}
            onPointerUp={(event) => {
              const start = swipe.current;
              swipe.current = null;
              if (!start) return;
              const dx = event.clientX - start.x;
              if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) go(dx < 0 ? 1 : -1);
            }}
            onPointerCancel={() => (swipe.current = null)}
          >
            <img
              key={current.id}
              src={current.fileUrl}
              alt={`${title}, ${label(index).toLowerCase()} of ${count}`}
              className={classes.photo}
              draggable={false}
            />
          </div>
          {count > 1 && (
            <>
              <ActionIcon
                className={classes.prev}
                variant="filled"
                color="dark"
                radius="xl"
                size={44}
                onClick={() => go(-1)}
                aria-label="Previous photo"
              >
                <IconChevronLeft size={24} />
              </ActionIcon>
              <ActionIcon
                className={classes.next}
                variant="filled"
                color="dark"
                radius="xl"
                size={44}
                onClick={() => go(1)}
                aria-label="Next photo"
              >
                <IconChevronRight size={24} />
              </ActionIcon>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
