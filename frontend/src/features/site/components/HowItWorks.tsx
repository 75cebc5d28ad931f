import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import marketing from '@/shared/ui/marketing.module.css';
import content from '../content/home.json';
import classes from './home.module.css';
import { SiteSection } from './SiteSection';

export function HowItWorks() {
  const { title, items } = content.steps;
  return (
    <SiteSection id="home-steps-title" title={title}>
      <SimpleGrid component="ol" cols={{ base: 1, sm: 3 }} spacing="xl" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((step, index) => (
          <Group component="li" key={step.title} align="flex-start" wrap="nowrap" gap="md">
            <span className={classes.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <Stack gap={4}>
              <Title order={3} fz="lg">
                {step.title}
              </Title>
              <Text className={marketing.muted}>{step.description}</Text>
            </Stack>
          </Group>
        ))}
      </SimpleGrid>
    </SiteSection>
  );
}
