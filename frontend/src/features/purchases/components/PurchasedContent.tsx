import { Alert, Badge, Button, Center, Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { AlbumViewer } from './AlbumViewer';
import { errorMessage } from '@/shared/api-problems';
import { usePurchasedContent } from '../hooks/use-purchase-queries';

/** Present only when the store allows downloads: the server signs the link as an attachment. */
function DownloadButton({ url, label }: { url: string | null | undefined; label: string }) {
  if (!url) return null;
  return (
    <Button
      component="a"
      href={url}
      download
      variant="light"
      size="xs"
      leftSection={<IconDownload size={14} />}
      aria-label={label}
    >
      Download
    </Button>
  );
}

/** The files of a paid purchase (signed links): numbered photos that open a full-screen viewer, videos with the browser's controls. */
export function PurchasedContent({ purchaseId }: { purchaseId: string }) {
  const content = usePurchasedContent(purchaseId);
  const [viewing, setViewing] = useState<number | null>(null);
  if (content.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label="Loading your content" />
      </Center>
    );
  }
  if (content.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(content.error, 'Your content could not be loaded. Please try again.')}
      </Alert>
    );
  }
  const files = content.data.media.filter((media) => media.fileUrl);
  const videos = files.filter((media) => media.mediaType === 'video');
  const images = files.filter((media) => media.mediaType === 'image');
  if (files.length === 0)
    return <Text c="dimmed">The files are still being prepared. Check back in a few minutes.</Text>;
  return (
    <Stack gap="md" aria-label={`Files of ${content.data.title}`}>
      {videos.map((video, index) => (
        <Stack key={video.id} gap={6} align="flex-start">
          <video
            controls
            preload="metadata"
            src={video.fileUrl!}
            poster={video.thumbnailUrl ?? undefined}
            style={{ width: '100%', borderRadius: 8, background: '#000' }}
          />
          <DownloadButton
            url={video.downloadUrl}
            label={`Download ${content.data.title}${videos.length > 1 ? `, video ${index + 1}` : ''}`}
          />
        </Stack>
      ))}
      {images.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" aria-label="Photos, in the creator's order">
          {images.map((image, index) => {
            const number = image.number ?? index + 1;
            return (
              <Stack key={image.id} gap={6}>
                <UnstyledButton
                  onClick={() => setViewing(index)}
                  aria-label={`View photo ${number} of ${images.length}`}
                  style={{ position: 'relative', display: 'block', borderRadius: 6, overflow: 'hidden' }}
                >
                  <img
                    src={image.thumbnailUrl ?? image.fileUrl!}
                    alt={`${content.data.title}, photo ${number}`}
                    loading="lazy"
                    style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', display: 'block' }}
                  />
                  <Badge
                    color="dark"
                    variant="filled"
                    radius="sm"
                    style={{ position: 'absolute', top: 6, left: 6 }}
                    aria-hidden
                  >
                    {number}
                  </Badge>
                </UnstyledButton>
                <DownloadButton url={image.downloadUrl} label={`Download ${content.data.title}, photo ${number}`} />
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
      <AlbumViewer
        title={content.data.title}
        photos={images.map((image) => ({ id: image.id, number: image.number, fileUrl: image.fileUrl! }))}
        index={viewing}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
      />
    </Stack>
  );
}
