import { Box, Button, Container, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { REVENUE_SPLIT } from '../../../content/site-facts';
import { PRODUCT_SLUG } from '../../../lib/site';
import marketing from '@/shared/ui/marketing.module.css';
import content from '../content/home.json';
import { HeroCallToAction } from './HeroCallToAction';
import classes from './home.module.css';
import { FULL_WIDTH_ON_PHONES } from '@/shared/ui/responsive';

/** A CSS-only store preview: decorative, so it is hidden from assistive technology. */
function StoreMock() {
  return (
    <div className={classes.mock} aria-hidden="true">
      <div className={classes.mockCover} />
      <div className={classes.mockAvatar} />
      <Stack gap={8} mt="sm" mb="md">
        <div className={classes.mockLine} style={{ width: '55%', height: 14 }} />
        <div className={classes.mockLine} style={{ width: '80%' }} />
      </Stack>
      <SimpleGrid cols={3} spacing={8}>
        {[0, 1, 2, 3, 4, 5].map((tile) => (
          <div key={tile} className={classes.mockTile} />
        ))}
      </SimpleGrid>
      <div className={classes.mockChip}>Keep up to {REVENUE_SPLIT.token.creator}%</div>
    </div>
  );
}

export function HomeHero() {
  const { eyebrow, headline, headlineAccent, subline, secondaryCta, highlights } = content.hero;
  return (
    <Box component="section" className={classes.hero} aria-labelledby="home-hero-title">
      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Grid gap={48} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Text fw={700} tt="uppercase" size="sm" className={classes.check} style={{ letterSpacing: '0.08em' }}>
                {eyebrow}
              </Text>
              <Title order={1} id="home-hero-title" className={classes.headline}>
                {headline} <span className={marketing.gradientText}>{headlineAccent}</span>
              </Title>
              <Text fz={{ base: 'lg', sm: 'xl' }} className={marketing.muted} maw={580}>
                {subline}
              </Text>
              <Group gap="sm">
                <HeroCallToAction />
                <Button
                  component={Link}
                  to={`/${PRODUCT_SLUG}-platform`}
                  size="lg"
                  variant="default"
                  w={FULL_WIDTH_ON_PHONES}
                >
                  {secondaryCta}
                </Button>
              </Group>
              <Group component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
                {highlights.map((item) => (
                  <Group component="li" key={item} gap={6} wrap="nowrap">
                    <IconCircleCheckFilled size={18} className={classes.check} aria-hidden="true" />
                    <Text size="sm" fw={500}>
                      {item}
                    </Text>
                  </Group>
                ))}
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={5} visibleFrom="md">
            <StoreMock />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
