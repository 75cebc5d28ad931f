import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TARGETS } from '../../../content/site-facts';
import marketing from '@/shared/ui/marketing.module.css';
import { fillText } from '../content/fill-text';
import content from '../content/home.json';
import classes from './home.module.css';
import { SiteSection } from './SiteSection';

/** The three Q4 2027 targets (SPEC §1). */
export function TargetsSection() {
  const { title, lead } = content.targets;
  return (
    <SiteSection id="home-targets-title" title={title} lead={fillText(lead)} roomy>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {TARGETS.map((target) => (
          <Card key={target.title} withBorder radius="lg" padding="xl">
            <Stack gap="xs">
              <Text component="p" className={`${classes.targetNumber} ${marketing.gradientText}`}>
                {target.number}
              </Text>
              <Title order={3} fz="lg">
                {target.title}
              </Title>
              <Text className={marketing.muted}>{target.description}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </SiteSection>
  );
}
