import { AspectRatio, Badge, Box, Button, Card, Center, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import readable from '@/shared/ui/readable-errors.module.css';
import { isActive, useUploads } from '../../hooks/upload-store';
import { coverOf, isProcessing, type ContentItem } from '../../services/content.service';
import { formatMoney } from '@/shared/format';
import { StatusBadge } from './StatusBadge';

export function fileCount(item: ContentItem): string {
  const count = item.media.length;
  if (item.kind === 'video') return count > 0 ? 'Video file added' : 'No file yet';
  return count === 1 ? '1 photo' : `${count} photos`;
}

export function Thumbnail({ item, ratio }: { item: ContentItem; ratio: number }) {
  const cover = coverOf(item);
  // A link that expired or stopped working shows the placeholder instead of a broken image.
  const [failed, setFailed] = useState<string | null>(null);
  const Icon = item.kind === 'video' ? IconVideo : IconPhoto;
  return (
    <AspectRatio ratio={ratio} bg="var(--mantine-color-default-hover)">
      {cover && failed !== cover ? (
        <Image src={cover} alt="" fit="cover" onError={() => setFailed(cover)} />
      ) : (
        <Center>
          <Icon size={40} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
        </Center>
      )}
    </AspectRatio>
  );
}

export function ContentCard({ item, onOpen }: { item: ContentItem; onOpen: () => void }) {
  const uploading = useUploads(item.id).some(isActive);
  return (
    <Card
      withBorder
      radius="lg"
      padding={0}
      component="article"
      aria-label={item.title}
      className={readable.readableErrors}
    >
      <Box pos="relative">
        <Thumbnail item={item} ratio={16 / 9} />
        {(uploading || isProcessing(item)) && (
          <Badge pos="absolute" top={8} left={8} variant="filled" color="dark" tt="none">
            {uploading ? 'Uploading...' : 'Processing...'}
          </Badge>
        )}
      </Box>
      <Stack gap="xs" p="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="md" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Title>
          <StatusBadge status={item.status} />
        </Group>
        <Group gap="xs">
          <Text fw={700}>{formatMoney(item.priceMinor, item.currency)}</Text>
          <Text size="sm" c="dimmed">
            {`· ${fileCount(item)}`}
          </Text>
        </Group>
        {item.status === 'rejected' && item.rejectionReason && (
          <Text size="sm" c="var(--mantine-color-error)" lineClamp={3}>
            {`Reason: ${item.rejectionReason}`}
          </Text>
        )}
        <Button variant="light" mt="auto" onClick={onOpen} aria-label={`Open ${item.title}`}>
          Open
        </Button>
      </Stack>
    </Card>
  );
}
