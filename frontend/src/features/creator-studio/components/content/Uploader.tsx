import { Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { KINDS } from '../../content-kinds';
import { uploadStore, useUploads, type UploadEntry } from '../../hooks/upload-store';
import { refreshContent } from '../../hooks/use-content-queries';
import type { ContentItem } from '../../services/content.service';
import classes from './Uploader.module.css';
import { UploadRow } from './UploadRow';

/** Whether the item can take (more) files: a video holds one; an album many. */
export function acceptsFiles(item: ContentItem, pendingUploads: number): boolean {
  return item.kind === 'album' || (item.media.length === 0 && pendingUploads === 0);
}

/** A finished upload stops showing once the item lists its file (processing, then ready). */
const listed = (item: ContentItem, entry: UploadEntry) =>
  entry.status === 'done' && item.media.some((media) => media.originalName === entry.fileName);

/** Drop or pick files; each goes up with tus and shows its own progress, pause and resume. */
export function Uploader({ item }: { item: ContentItem }) {
  const copy = KINDS[item.kind];
  const client = useQueryClient();
  const uploads = useUploads(item.id).filter((entry) => !listed(item, entry));
  const [dragging, setDragging] = useState(false);
  const pending = uploads.filter((entry) => entry.status !== 'refused').length;
  const open = acceptsFiles(item, pending);

  const add = (files: File[]) => {
    const chosen = copy.multiple ? files : files.slice(0, 1);
    if (chosen.length === 0) return;
    uploadStore.add(item.id, chosen, {
      // The browser's type, when it knows one, spares sending a file the server would refuse anyway.
      refusal: (file) => (file.type && !copy.accept.includes(file.type) ? copy.wrongType : null),
      onFinished: () => refreshContent(client, item.id),
    });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (open) add([...event.dataTransfer.files]);
  };

  const finished = uploads.some((entry) => entry.status === 'done' || entry.status === 'refused');

  return (
    <Stack gap="sm">
      {open && (
        <Box
          className={classes.dropzone}
          data-dragging={dragging || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <Stack gap="xs" align="center">
            <IconUpload size={28} stroke={1.5} aria-hidden />
            <Group gap={8} justify="center">
              <Text size="sm">{copy.dropText}</Text>
              <FileButton
                onChange={(files) => add(files ? ([] as File[]).concat(files) : [])}
                accept={copy.accept.join(',')}
                multiple={copy.multiple}
              >
                {(props) => (
                  <Button {...props} size="xs" variant="light">
                    {copy.chooseLabel}
                  </Button>
                )}
              </FileButton>
            </Group>
            <Text size="xs" c="dimmed" ta="center">
              {copy.fileHint}
            </Text>
          </Stack>
        </Box>
      )}
      {uploads.length > 0 && (
        <Stack gap="xs" aria-label="Uploads">
          {uploads.map((entry) => (
            <UploadRow key={entry.id} entry={entry} />
          ))}
          {finished && (
            <Group justify="flex-end">
              <Button variant="subtle" size="xs" onClick={() => uploadStore.clearFinished(item.id)}>
                Clear finished
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
