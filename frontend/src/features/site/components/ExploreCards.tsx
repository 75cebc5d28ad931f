import { Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingStore, IconCoin, IconMap2, IconSpeakerphone, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { fillBrand } from '../../../lib/site';
import content from '../content/home.json';
import { SectionHeading } from './SectionHeading';
import site from './site.module.css';

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
    <Container component="section" size="lg" py={{ base: 48, sm: 64 }} aria-labelledby="home-explore-title">
      <SectionHeading id="home-explore-title" title={fillBrand(title)} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {cards.map((card) => {
          const CardIcon = ICONS[card.id] ?? IconArrowRight;
          return (
            <Card
              key={card.id}
              component={Link}
              to={fillBrand(card.to)}
              withBorder
              radius="lg"
              padding="lg"
              className={site.linkCard}
            >
              <Stack gap="sm" h="100%">
                <ThemeIcon size={48} radius="md" variant="light">
                  <CardIcon size={26} stroke={1.6} />
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {card.title}
                </Title>
                <Text className={site.muted} style={{ flex: 1 }}>
                  {card.description}
                </Text>
                <Group gap={4} fw={600} className={site.accent}>
                  {more}
                  <IconArrowRight size={16} aria-hidden="true" />
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Container>
  );
}
