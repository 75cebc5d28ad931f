import { Alert, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../storefront/services/storefront.service';
import { usePurchasedContent } from '../hooks/use-purchase-queries';

/** The files of a paid purchase (signed links): photos in a grid, videos with the browser's controls. */
export function PurchasedContent({ purchaseId }: { purchaseId: string }) {
  const content = usePurchasedContent(purchaseId);
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
  if (files.length === 0) return <Text c="dimmed">The files are still being prepared. Check back in a few minutes.</Text>;
  return (
    <Stack gap="md" aria-label={`Files of ${content.data.title}`}>
      {videos.map((video) => (
        <video
          key={video.id}
          controls
          preload="metadata"
          src={video.fileUrl!}
          poster={video.thumbnailUrl ?? undefined}
          style={{ width: '100%', borderRadius: 8, background: '#000' }}
        />
      ))}
      {images.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {images.map((image, index) => (
            <a key={image.id} href={image.fileUrl!} target="_blank" rel="noopener noreferrer">
              <img
                src={image.fileUrl!}
                alt={`${content.data.title}, photo ${index + 1}`}
                loading="lazy"
                style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 6, display: 'block' }}
              />
            </a>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
