import { Card, SimpleGrid, Text } from '@mantine/core';
import content from '../content/platform.json';
import { HeroCallToAction } from './HeroCallToAction';
import { ScreenshotPreview } from './ScreenshotPreview';
import { SiteSection } from './SiteSection';

/** Real screenshots of what early members can use today. */
export function EarlyAccessShots() {
  const { title, lead, shots } = content.earlyAccess;
  return (
    <SiteSection id="platform-early-title" title={title} lead={lead}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb="xl">
        {shots.map((shot) => (
          <Card key={shot.name} withBorder radius="lg" padding="md">
            <ScreenshotPreview shot={{ kind: 'app', name: shot.name }} title={shot.title} alt={shot.alt} />
            <Text fw={600} mt="sm">
              {shot.title}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <HeroCallToAction />
    </SiteSection>
  );
}
