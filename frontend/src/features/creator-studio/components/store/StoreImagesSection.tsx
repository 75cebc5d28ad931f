import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { notify } from '../../../../lib/notify';
import { SectionCard } from '@/shared/ui/SectionCard';
import { useRemoveStoreImage, useUploadStoreImage } from '../../hooks/use-store-queries';
import { serviceMessage } from '@/shared/api-problems';
import type { Store, StoreImageKind } from '../../services/store.service';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_BYTES = 10 * 1024 * 1024;

const COPY: Record<StoreImageKind, { label: string; hint: string }> = {
  banner: {
    label: 'Banner',
    hint: 'Wide image across the top of your store, kept at 1600 × 400 (cropped from the centre)',
  },
  avatar: { label: 'Avatar', hint: 'Square picture beside your store name, kept at 400 × 400' },
};

function ImagePicker({ kind, url }: { kind: StoreImageKind; url: string | null }) {
  const upload = useUploadStoreImage();
  const remove = useRemoveStoreImage();
  const { label, hint } = COPY[kind];

  const choose = (file: File | null) => {
    if (!file) return;
    // The server checks the bytes; this only spares a 10 MB upload that would be refused.
    if (file.size > MAX_BYTES) return notify.error(`${label}: choose an image of at most 10 MB`);
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => notify.success(`${label} saved`),
        onError: (error) => notify.error(serviceMessage(error, `${label} could not be saved. Please try again.`)),
      },
    );
  };

  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}. JPEG, PNG or WebP, at most 10 MB.
      </Text>
      <Group gap="md" align="center" wrap="wrap">
        <Box
          w={kind === 'banner' ? { base: '100%', sm: 320 } : 80}
          h={80}
          style={{
            borderRadius: kind === 'avatar' ? '50%' : 8,
            overflow: 'hidden',
            border: '1px solid var(--mantine-color-default-border)',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {url ? (
            <Image src={url} alt={`Your store ${kind}`} w="100%" h="100%" fit="cover" />
          ) : (
            <IconPhoto size={28} stroke={1.4} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          )}
        </Box>
        <Group gap="xs">
          <FileButton onChange={choose} accept={ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                {url ? `Change ${kind}` : `Upload ${kind}`}
              </Button>
            )}
          </FileButton>
          {url && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(kind, {
                  onError: (error) =>
                    notify.error(serviceMessage(error, `${label} could not be removed. Please try again.`)),
                })
              }
            >
              Remove
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

/** The banner and avatar fans see on the store page; each saved as soon as it is chosen. */
export function StoreImagesSection({ store }: { store: Store }) {
  return (
    <SectionCard
      icon={<IconPhoto size={22} />}
      title="Banner and avatar"
      description="The pictures at the top of your store page. Fans see them before anything else."
    >
      <Stack gap="lg">
        <ImagePicker kind="banner" url={store.images.bannerUrl} />
        <ImagePicker kind="avatar" url={store.images.avatarUrl} />
      </Stack>
    </SectionCard>
  );
}
