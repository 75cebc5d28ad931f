import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconExternalLink, IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { ContentMedia } from '../services/admin.types';
import { mediaFacts, notReadyText } from './media-meta';

export interface PhotoGalleryProps {
  photos: ContentMedia[];
  /** A link failed, most likely expired: the caller fetches fresh ones. */
  onExpired: () => void;
  onReload: () => void;
}

const tileStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  aspectRatio: '1 / 1',
  width: '100%',
  overflow: 'hidden',
  borderRadius: 4,
  background: 'var(--mantine-color-default-hover)',
} as const;

function Placeholder({ text }: { text: string }) {
  return (
    <Stack align="center" gap={4} p="xs" ta="center">
      <IconPhotoOff size={22} stroke={1.5} aria-hidden />
      <Text size="xs" c="dimmed" lineClamp={3}>
        {text}
      </Text>
    </Stack>
  );
}

/** An album as a grid of thumbnails; each opens the full photo, with previous/next (also the arrow keys). */
export function PhotoGallery({ photos, onExpired, onReload }: PhotoGalleryProps) {
  const [index, setIndex] = useState<number | null>(null);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const { breakpoints } = useMantineTheme();
  const small = useMediaQuery(`(max-width: ${breakpoints.sm})`);
  const current = index === null ? null : photos[index];
  const count = photos.length;
  // The creator's numbers (over processed photos), so "photos 2 and 4" in a decision means the same to both.
  const numberOf = (at: number) => photos[at].number ?? at + 1;

  const fail = (src: string) => {
    setFailed((set) => new Set(set).add(src));
    onExpired();
  };
  const step = (by: number) => setIndex((at) => (at === null ? at : (at + by + count) % count));

  useWindowEvent('keydown', (event) => {
    if (index === null || count < 2) return;
    if (event.key === 'ArrowLeft') step(-1);
    if (event.key === 'ArrowRight') step(1);
  });

  return (
    <>
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
        {photos.map((photo, at) => {
          const label = `Photo ${numberOf(at)} of ${count}`;
          const thumb = photo.thumbnailUrl;
          const placeholder =
            thumb && !failed.has(thumb) ? null : thumb ? 'Thumbnail unavailable' : notReadyText(photo);
          return (
            // Named by its content, so the words a placeholder shows are part of the name (WCAG 2.5.3).
            <UnstyledButton
              key={photo.id}
              style={{ ...tileStyle, position: 'relative' }}
              onClick={() => setIndex(at)}
              title={photo.originalName}
            >
              <VisuallyHidden>{`Open ${label.toLowerCase()}: ${photo.originalName}`}</VisuallyHidden>
              {thumb && !placeholder ? (
                <img
                  src={thumb}
                  alt=""
                  referrerPolicy="no-referrer"
                  loading="lazy"
                  style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                  onError={() => fail(thumb)}
                />
              ) : (
                <Placeholder text={placeholder ?? ''} />
              )}
              {photo.number !== null && (
                <Badge
                  color="dark"
                  variant="filled"
                  radius="sm"
                  style={{ position: 'absolute', top: 4, left: 4 }}
                  aria-hidden
                >
                  {photo.number}
                </Badge>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>

      <Modal
        opened={current !== null}
        onClose={() => setIndex(null)}
        title={index === null ? '' : `Photo ${numberOf(index)} of ${count}`}
        size="xl"
        fullScreen={small}
        centered
      >
        {current && (
          <Stack gap="sm">
            <Box style={{ ...tileStyle, aspectRatio: 'auto', height: small ? 'calc(100dvh - 150px)' : '65vh' }}>
              {current.fileUrl && !failed.has(current.fileUrl) ? (
                <img
                  key={current.fileUrl}
                  src={current.fileUrl}
                  alt={`Photo ${numberOf(index!)}: ${current.originalName}`}
                  referrerPolicy="no-referrer"
                  style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
                  onError={() => fail(current.fileUrl!)}
                />
              ) : current.fileUrl ? (
                <Stack align="center" gap="xs">
                  <Placeholder text="The photo could not be loaded." />
                  <Button size="xs" variant="default" onClick={onReload}>
                    Reload media
                  </Button>
                </Stack>
              ) : (
                <Placeholder text={notReadyText(current)} />
              )}
            </Box>
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => step(-1)}
                disabled={count < 2}
                aria-label="Previous photo"
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
              <Stack gap={0} align="center" style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end" maw="100%">
                  {current.originalName}
                </Text>
                <Group gap="xs" justify="center">
                  <Text size="xs" c="dimmed">
                    {mediaFacts(current)}
                  </Text>
                  {current.fileUrl && (
                    <Anchor href={current.fileUrl} target="_blank" rel="noopener noreferrer" size="xs">
                      <Group gap={4} wrap="nowrap">
                        Open original <IconExternalLink size={14} />
                      </Group>
                    </Anchor>
                  )}
                </Group>
              </Stack>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => step(1)}
                disabled={count < 2}
                aria-label="Next photo"
              >
                <IconChevronRight size={18} />
              </ActionIcon>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
