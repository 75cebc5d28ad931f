import { SimpleGrid } from '@mantine/core';
import {
  IconBuildingStore,
  IconChartBar,
  IconHeart,
  IconPercentage,
  IconPhoto,
  IconShare,
  IconShieldLock,
  IconShoppingBag,
  IconUsersGroup,
  IconVideo,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { fillText } from '../content/fill-text';
import content from '../content/platform.json';
import { FeatureCard } from './FeatureCard';
import { ScreenshotPreview } from './ScreenshotPreview';
import type { ScreenshotRef } from './screenshots';
import { SiteSection } from './SiteSection';

const ICONS: Record<string, Icon> = {
  store: IconBuildingStore,
  videos: IconVideo,
  albums: IconPhoto,
  collaboration: IconUsersGroup,
  share: IconPercentage,
  payouts: IconWallet,
  analytics: IconChartBar,
  security: IconShieldLock,
  referrals: IconShare,
  purchases: IconShoppingBag,
  favorites: IconHeart,
};

type Audience = 'creators' | 'fans';

/** The marketing cards of one audience, each with its expandable screenshot. */
export function PlatformFeatures({ audience }: { audience: Audience }) {
  const section = content[audience];
  const features = content.features.filter((feature) => feature.audience === audience);
  const headingId = `platform-${audience}-title`;
  return (
    <SiteSection id={headingId} title={section.title} lead={fillText(section.lead)}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: audience === 'fans' ? 3 : 2 }} spacing="lg">
        {features.map((feature) => {
          const title = fillText(feature.title);
          return (
            <FeatureCard
              key={feature.id}
              icon={ICONS[feature.id] ?? IconBuildingStore}
              title={title}
              description={fillText(feature.description)}
              media={
                <ScreenshotPreview
                  shot={feature.screenshot as ScreenshotRef}
                  title={title}
                  alt={feature.screenshot.alt}
                />
              }
            />
          );
        })}
      </SimpleGrid>
    </SiteSection>
  );
}
