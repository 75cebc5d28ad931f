import { Badge, List, SimpleGrid, Text } from '@mantine/core';
import { IconCheck, IconRobot, IconSparkles, type Icon } from '@tabler/icons-react';
import content from '../content/platform.json';
import { FeatureCard } from './FeatureCard';
import { SiteSection } from './SiteSection';

const ICONS: Record<string, Icon> = { advisor: IconRobot, studio: IconSparkles };

/** AI Business Advisor and AI Creator Studio, both Coming Soon (SPEC §1). */
export function AiFeatures() {
  const { title, lead, badge, items } = content.ai;
  return (
    <SiteSection id="platform-ai-title" title={title} lead={lead}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {items.map((item) => (
          <FeatureCard
            key={item.id}
            icon={ICONS[item.id] ?? IconSparkles}
            title={item.title}
            description={item.description}
            badge={
              <Badge variant="filled" tt="none" style={{ flexShrink: 0 }}>
                {badge}
              </Badge>
            }
          >
            <List
              spacing={6}
              icon={<IconCheck size={16} aria-hidden="true" />}
              styles={{ itemIcon: { color: 'var(--mantine-color-fanmint-filled)' } }}
            >
              {item.points.map((point) => (
                <List.Item key={point}>
                  <Text span>{point}</Text>
                </List.Item>
              ))}
            </List>
          </FeatureCard>
        ))}
      </SimpleGrid>
    </SiteSection>
  );
}
