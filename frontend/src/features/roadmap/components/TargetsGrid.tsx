import { Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconCoin, IconUsers } from '@tabler/icons-react';
import { TARGETS } from '../../../content/site-facts';
import classes from './marketing.module.css';

const ICONS = [IconUsers, IconBuildingStore, IconCoin];

/** The three Q4 2027 targets as stat cards. */
export function TargetsGrid() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {TARGETS.map((target, i) => {
        const Icon = ICONS[i % ICONS.length];
        return (
          <Paper key={target.title} withBorder radius="lg" p="xl" className={classes.card}>
            <ThemeIcon size={48} radius="xl" variant="light" mb="md">
              <Icon size={26} stroke={1.6} />
            </ThemeIcon>
            <Text fz={44} fw={800} lh={1} c="fanmint" style={{ letterSpacing: '-0.02em' }}>
              {target.number}
            </Text>
            <Title order={3} size="h4" mt="sm">
              {target.title}
            </Title>
            <Text mt={4} className={classes.muted}>
              {target.description}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
