import { ActionIcon, Badge, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconDotsVertical,
  IconFlag,
  IconGavel,
  IconLibraryPhoto,
  IconLock,
  IconMovie,
  IconPhoto,
  IconPlayerPlay,
  IconScale,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDuration, storeClasses as classes } from '@/features/store-card';
import { formatMoney } from '@/shared/format';
import type { ContentItem } from '../services/storefront.service';

function kindLabel(item: ContentItem): string {
  if (item.kind === 'video') {
    const duration = item.media.find((media) => media.mediaType === 'video')?.durationSeconds;
    return duration ? `Video · ${formatDuration(duration)}` : 'Video';
  }
  const photos = item.media.filter((media) => media.mediaType === 'image').length;
  return photos > 0 ? `Album · ${photos} ${photos === 1 ? 'photo' : 'photos'}` : 'Album';
}

/** One approved video or album of a store: thumbnail, title, price and kind, with Report, takedown and appeal actions. */
export interface ContentCardProps {
  item: ContentItem;
  onReport: () => void;
  onTakedown: () => void;
  onAppeal: () => void;
  /** Buy / Open / Share, beside the price. */
  action?: ReactNode;
}

export function ContentCard({ item, onReport, onTakedown, onAppeal, action }: ContentCardProps) {
  // The creator's cover first. A visitor who may not open the item gets the album's free teaser when the
  // creator offers one, else the server's blurred preview, never the thumbnail.
  const cover = item.media.find((media) => media.id === item.coverMediaId);
  const files = cover ? [cover, ...item.media.filter((media) => media !== cover)] : item.media;
  const teaser = item.kind === 'album' && item.teaser === 'preview' ? item.teaserUrl : null;
  const thumbnail =
    files.find((media) => media.thumbnailUrl)?.thumbnailUrl ??
    teaser ??
    files.find((media) => media.blurredUrl)?.blurredUrl ??
    null;
  const KindIcon = item.kind === 'video' ? IconPlayerPlay : IconPhoto;
  return (
    <Card withBorder radius="lg" padding={0} h="100%" component="article" aria-labelledby={`content-${item.id}`}>
      <div className={classes.thumb}>
        {thumbnail ? (
          <img src={thumbnail} alt="" loading="lazy" decoding="async" />
        ) : (
          <div className={classes.thumbPlaceholder} aria-hidden="true">
            {item.kind === 'video' ? <IconMovie size={40} stroke={1.4} /> : <IconLibraryPhoto size={40} stroke={1.4} />}
          </div>
        )}
        {item.locked && (
          <div className={classes.lockBadge} title="Buy or subscribe to unlock">
            <span>
              <IconLock size={22} aria-label="Locked" />
            </span>
          </div>
        )}
        <Badge
          className={classes.thumbBadge}
          color="dark"
          variant="filled"
          radius="sm"
          tt="none"
          leftSection={<KindIcon size={12} />}
        >
          {kindLabel(item)}
        </Badge>
      </div>
      <Stack gap={6} p="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} fz="md" lh={1.35} lineClamp={2} id={`content-${item.id}`}>
            {item.title}
          </Title>
          <Menu position="bottom-end" withinPortal zIndex={400}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${item.title}`} mr={-6} mt={-2}>
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconFlag size={16} />} onClick={onReport}>
                Report
              </Menu.Item>
              <Menu.Item leftSection={<IconGavel size={16} />} onClick={onTakedown}>
                Request a takedown
              </Menu.Item>
              <Menu.Item leftSection={<IconScale size={16} />} onClick={onAppeal}>
                Appeal as a person shown
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group justify="space-between" align="center" gap="xs" mt="auto">
          <Text fw={700} fz="lg">
            {item.priceMinor === 0 ? 'Free' : formatMoney(item.priceMinor, item.currency)}
          </Text>
          {action}
        </Group>
      </Stack>
    </Card>
  );
}
