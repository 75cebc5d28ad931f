import { Badge, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconChartBar,
  IconChartDots,
  IconCheck,
  IconCreditCard,
  IconHeart,
  IconLock,
  IconPhoto,
  IconShoppingBag,
  IconUserPlus,
  IconUsersGroup,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import { usePageMeta } from '../../../lib/page-meta';
import { EarlyAdopterPanel } from '../components/EarlyAdopterPanel';
import { PreviewScreenshots } from '../components/PreviewScreenshots';
import { LOCKED_PREVIEW_COPY as copy, LOCKED_PREVIEWS, type LockedPreviewKey } from '../preview-content';

const ICONS: Record<LockedPreviewKey, Icon> = {
  analytics: IconChartDots,
  billing: IconCreditCard,
  collaborators: IconUsersGroup,
  'favorite-stores': IconHeart,
  'photo-albums': IconPhoto,
  purchases: IconShoppingBag,
  referrals: IconUserPlus,
  sales: IconChartBar,
  'store-settings': IconBuildingStore,
  videos: IconVideo,
};

/** A feature that opens at launch (or, `live`, one still being built): what it does, how it will look, and the rewards meanwhile. */
export function LockedPreviewPage({ preview, live = false }: { preview: LockedPreviewKey; live?: boolean }) {
  const { title, description, features, screenshotAlt } = LOCKED_PREVIEWS[preview];
  usePageMeta({ title, description, noindex: true });
  const FeatureIcon = ICONS[preview];

  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap="sm" component="header">
        <Group gap="md" wrap="nowrap" align="center">
          <ThemeIcon size={48} radius="md" variant="light">
            <FeatureIcon size={26} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
        </Group>
        <Group gap="sm">
          <Badge size="lg" variant="light" color="aqua" tt="none" leftSection={<IconLock size={14} />}>
            {live ? copy.comingBadge : copy.lockBadge}
          </Badge>
        </Group>
        <Text c="dimmed" maw={760}>
          {description}
        </Text>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="preview-screens-title">
        <Title order={2} fz={18} id="preview-screens-title">
          {copy.screenshotsTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {live ? copy.comingNote : copy.lockNote}
        </Text>
        <PreviewScreenshots preview={preview} title={title} alt={screenshotAlt} />
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card component="section" aria-labelledby="preview-features-title" withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Title order={2} fz={18} id="preview-features-title">
              {copy.featuresTitle}
            </Title>
            <List
              spacing="sm"
              size="sm"
              icon={
                <ThemeIcon size={22} radius="xl" variant="light">
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          </Stack>
        </Card>
        <EarlyAdopterPanel />
      </SimpleGrid>
    </Stack>
  );
}
