import { AspectRatio, Button, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { isEditable, type ContentItem, type ContentMedia } from '../../services/content.service';
import { useRemoveMedia } from '../../hooks/use-content-queries';
import { notify } from '../../../../lib/notify';
import { ApiError } from '../../../../lib/api-client';
import { AlbumArranger } from './AlbumArranger';
import { MediaTile } from './MediaTile';

/** The item's files as the server has them: processing, failed, or ready with a thumbnail (video: playable; album: in order, numbered). */
export function MediaGrid({ item }: { item: ContentItem }) {
  const remove = useRemoveMedia(item.id);
  if (item.media.length === 0) return null;
  const editable = isEditable(item);
  const removeFile = (media: ContentMedia) =>
    remove.mutate(media.id, {
      onSuccess: () => notify.success(`${media.originalName} removed`),
      onError: (error) =>
        notify.error(error instanceof ApiError && error.status < 500 ? error.message : 'Failed to remove the file'),
    });
  if (item.kind === 'video') {
    const [media] = item.media;
    return (
      <Stack gap="xs">
        <VideoTile media={media} />
        {editable && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => removeFile(media)}
            loading={remove.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Remove this video file
          </Button>
        )}
      </Stack>
    );
  }
  return <AlbumArranger item={item} onRemove={editable ? removeFile : undefined} removing={remove.isPending} />;
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
