import { Card, Group, SimpleGrid } from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingStore,
  IconCoin,
  IconMap2,
  IconSpeakerphone,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { fillBrand } from '../../../lib/site';
import marketing from '@/shared/ui/marketing.module.css';
import content from '../content/home.json';
import { IconCardBody } from './IconCardBody';
import { SiteSection } from './SiteSection';

const ICONS: Record<string, Icon> = {
  platform: IconBuildingStore,
  token: IconCoin,
  roadmap: IconMap2,
  socials: IconSpeakerphone,
};

/** The four cards to the platform, token, roadmap and social channels pages. */
export function ExploreCards() {
  const { title, cards, more } = content.explore;
  return (
    <SiteSection id="home-explore-title" title={fillBrand(title)} roomy>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {cards.map((card) => (
          <Card
            key={card.id}
            component={Link}
            to={fillBrand(card.to)}
            withBorder
            radius="lg"
            padding="lg"
            className={marketing.linkCard}
          >
            <IconCardBody
              icon={ICONS[card.id] ?? IconArrowRight}
              iconSize="lg"
              title={card.title}
              description={card.description}
            >
              <Group gap={4} fw={600} className={marketing.accent}>
                {more}
                <IconArrowRight size={16} aria-hidden="true" />
              </Group>
            </IconCardBody>
          </Card>
        ))}
      </SimpleGrid>
    </SiteSection>
  );
}
