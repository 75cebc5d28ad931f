import { Anchor, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { apiObjectUrl } from '@/lib/api-client';

export interface EvidenceImageProps {
  title: string;
  hint: string;
  /** Null unless this moderator holds the claim: ID images open only to the reviewer holding the case. */
  src: string | null;
  /** The short-lived URL failed (most likely expired): the caller fetches fresh ones. */
  onError: () => void;
  onReload: () => void;
}

/** The image behind a signed link, fetched with the console's own session (the route wants both): an object URL. */
function useAuthorizedImage(src: string | null, onFailed: (src: string) => void): string | null {
  const [loaded, setLoaded] = useState<{ src: string; url: string } | null>(null);
  useEffect(() => {
    if (!src) return;
    let url: string | null = null;
    let live = true;
    apiObjectUrl(src).then(
      (objectUrl) => {
        url = objectUrl;
        if (live) setLoaded({ src, url: objectUrl });
        else URL.revokeObjectURL(objectUrl);
      },
      () => live && onFailed(src),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, onFailed]);
  return loaded && loaded.src === src ? loaded.url : null;
}

export function EvidenceImage({ title, hint, src, onError, onReload }: EvidenceImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const [fail] = useState(() => (failing: string) => {
    setFailedSrc(failing);
    onError();
  });
  const image = useAuthorizedImage(src, fail);

  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        {!failed && image && (
          <Anchor href={image} target="_blank" rel="noopener noreferrer" size="xs" style={{ flexShrink: 0 }}>
            <Group gap={4} wrap="nowrap">
              Full size <IconExternalLink size={14} />
            </Group>
          </Anchor>
        )}
      </Group>
      <Box
        h={{ base: 260, sm: 340 }}
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 4,
          overflow: 'hidden',
          background: 'var(--mantine-color-default-hover)',
        }}
      >
        {!src ? (
          <Text size="sm" c="dimmed" p="md" ta="center">
            Claim this submission to see the image.
          </Text>
        ) : failed ? (
          <Stack align="center" gap="xs" p="md" ta="center">
            <IconPhotoOff size={28} stroke={1.5} aria-hidden />
            <Text size="sm" c="dimmed">
              The image could not be loaded.
            </Text>
            <Button size="xs" variant="default" onClick={onReload}>
              Reload images
            </Button>
          </Stack>
        ) : (
          image && (
            <img
              src={image}
              alt={title}
              style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
              onError={() => fail(src)}
            />
          )
        )}
      </Box>
    </Card>
  );
}
