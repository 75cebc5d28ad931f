import { ActionIcon, Badge, Box, Group, Text, VisuallyHidden } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconGripVertical,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useChooseCover, useReorderMedia } from '../../hooks/use-content-queries';
import { isArrangeable, isReorderable, type ContentItem, type ContentMedia } from '../../services/content.service';
import classes from './AlbumArranger.module.css';
import { MediaTile } from './MediaTile';

/** The order with `id` moved to `to` (an index of the new order). */
export function moved(ids: readonly string[], id: string, to: number): string[] {
  const rest = ids.filter((other) => other !== id);
  const at = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback;

export interface AlbumArrangerProps {
  item: ContentItem;
  /** Present while files may be removed (a draft or a rejected album). */
  onRemove?: (media: ContentMedia) => void;
  removing?: boolean;
}

/**
 * An album's photos in the creator's order, numbered as buyers and moderators see them. Drag a photo
 * onto another's place, or use its arrow buttons (keyboard and touch); the star makes it the cover.
 */
export function AlbumArranger({ item, onRemove, removing = false }: AlbumArrangerProps) {
  const reorder = useReorderMedia(item.id);
  const cover = useChooseCover(item.id);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // After a move by button the focus follows the photo, so pressing again keeps moving it.
  const refocus = useRef<{ id: string; direction: 'earlier' | 'later' } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const ids = item.media.map((file) => file.id);
  const reorderable = isReorderable(item);
  const arrangeable = isArrangeable(item);
  const count = item.media.length;

  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const at = ids.indexOf(target.id);
    // At either end its own button is disabled: the focus goes to the other one.
    const direction =
      (target.direction === 'earlier' && at === 0) || (target.direction === 'later' && at === count - 1)
        ? target.direction === 'earlier'
          ? 'later'
          : 'earlier'
        : target.direction;
    buttons.current.get(`${target.id}:${direction}`)?.focus();
  });

  const place = (file: ContentMedia, to: number) => {
    const next = moved(ids, file.id, to);
    if (next.every((id, index) => id === ids[index])) return;
    setAnnouncement(`${file.originalName} moved to position ${next.indexOf(file.id) + 1} of ${count}`);
    reorder.mutate(next, { onError: (error) => notify.error(failure(error, 'The new order could not be saved')) });
  };
  const move = (file: ContentMedia, by: -1 | 1) => {
    refocus.current = { id: file.id, direction: by < 0 ? 'earlier' : 'later' };
    place(file, ids.indexOf(file.id) + by);
  };
  const makeCover = (file: ContentMedia, label: string) =>
    cover.mutate(file.id, {
      onSuccess: () => notify.success(`${label} is now the cover`),
      onError: (error) => notify.error(failure(error, 'The cover could not be saved')),
    });

  const dragProps = (file: ContentMedia) =>
    reorderable
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', file.id);
            setDragged(file.id);
          },
          onDragOver: (event: DragEvent) => {
            if (!dragged) return;
            event.preventDefault();
            setOver(file.id);
          },
          onDragLeave: () => setOver((current) => (current === file.id ? null : current)),
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            const source = item.media.find((other) => other.id === dragged);
            if (source) place(source, ids.indexOf(file.id));
            setDragged(null);
            setOver(null);
          },
          onDragEnd: () => {
            setDragged(null);
            setOver(null);
          },
        }
      : {};

  return (
    <div>
      <Text size="sm" c="dimmed" mb="xs">
        {reorderable
          ? 'Drag photos into the order buyers will see them, or use the arrows. The numbers are the ones moderators refer to; the star marks the cover.'
          : item.status === 'pending_review'
            ? 'The order is fixed while a moderator reviews the album, so the numbers they mention match yours. You can still choose the cover.'
            : 'Photos in the order buyers see them.'}
      </Text>
      <ol className={classes.grid} aria-label="Photos in this album, in order">
        {item.media.map((file, index) => {
          const label = file.number !== null ? `photo ${file.number}` : file.originalName;
          const isCover = file.id === item.coverMediaId;
          return (
            <li
              key={file.id}
              className={classes.tile}
              data-dragging={dragged === file.id || undefined}
              data-over={(over === file.id && dragged !== file.id) || undefined}
              aria-label={`${file.number !== null ? `Photo ${file.number}` : 'Photo not ready'}${isCover ? ', cover' : ''}: ${file.originalName}`}
              {...dragProps(file)}
            >
              <Box pos="relative">
                <MediaTile media={file} ratio={1} />
                {file.number !== null && (
                  <Badge className={classes.number} color="dark" variant="filled" radius="sm" size="lg" aria-hidden>
                    {file.number}
                  </Badge>
                )}
                {isCover && (
                  <Badge
                    className={classes.cover}
                    variant="filled"
                    radius="sm"
                    leftSection={<IconStarFilled size={10} />}
                    aria-hidden
                  >
                    Cover
                  </Badge>
                )}
                {reorderable && <IconGripVertical className={classes.grip} size={18} aria-hidden />}
              </Box>
              {arrangeable && (
                <Group gap={4} justify="center" mt={6} wrap="nowrap">
                  {reorderable && (
                    <>
                      <ActionIcon
                        variant="default"
                        size="md"
                        aria-label={`Move ${label} earlier`}
                        disabled={index === 0}
                        onClick={() => move(file, -1)}
                        ref={(node) =>
                          void (node
                            ? buttons.current.set(`${file.id}:earlier`, node)
                            : buttons.current.delete(`${file.id}:earlier`))
                        }
                      >
                        <IconArrowLeft size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        size="md"
                        aria-label={`Move ${label} later`}
                        disabled={index === count - 1}
                        onClick={() => move(file, 1)}
                        ref={(node) =>
                          void (node
                            ? buttons.current.set(`${file.id}:later`, node)
                            : buttons.current.delete(`${file.id}:later`))
                        }
                      >
                        <IconArrowRight size={16} />
                      </ActionIcon>
                    </>
                  )}
                  {item.kind === 'album' && file.status === 'ready' && file.mediaType === 'image' && (
                    <ActionIcon
                      variant={isCover ? 'filled' : 'default'}
                      size="md"
                      aria-label={isCover ? `${label} is the cover` : `Make ${label} the cover`}
                      aria-pressed={isCover}
                      onClick={() => !isCover && makeCover(file, label.charAt(0).toUpperCase() + label.slice(1))}
                      loading={cover.isPending && cover.variables === file.id}
                    >
                      {isCover ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                    </ActionIcon>
                  )}
                  {onRemove && (
                    <ActionIcon
                      variant="light"
                      color="red"
                      size="md"
                      aria-label={`Remove ${file.originalName}`}
                      onClick={() => onRemove(file)}
                      disabled={removing}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              )}
            </li>
          );
        })}
      </ol>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </div>
  );
}
