import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TARGETS } from '../../../content/site-facts';
import { fillText } from '../content/fill-text';
import content from '../content/home.json';
import classes from './home.module.css';
import { SectionHeading } from './SectionHeading';
import site from './site.module.css';

/** The three Q4 2027 targets (SPEC §1). */
export function TargetsSection() {
  const { title, lead } = content.targets;
  return (
    <Container component="section" size="lg" py={{ base: 48, sm: 64 }} aria-labelledby="home-targets-title">
      <SectionHeading id="home-targets-title" title={title} lead={fillText(lead)} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {TARGETS.map((target) => (
          <Card key={target.title} withBorder radius="lg" padding="xl">
            <Stack gap="xs">
              <Text component="p" className={`${classes.targetNumber} ${site.gradientText}`}>
                {target.number}
              </Text>
              <Title order={3} fz="lg">
                {target.title}
              </Title>
              <Text className={site.muted}>{target.description}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
