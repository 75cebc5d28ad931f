import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconCoin, IconUsers } from '@tabler/icons-react';
import { TARGETS } from '../../../content/site-facts';
import { IconBadge } from '@/shared/ui/IconBadge';
import marketing from '@/shared/ui/marketing.module.css';

const ICONS = [IconUsers, IconBuildingStore, IconCoin];

/** The three Q4 2027 targets as stat cards. */
export function TargetsGrid() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {TARGETS.map((target, i) => (
        <Paper key={target.title} withBorder radius="lg" p="xl" className={marketing.card}>
          <IconBadge icon={ICONS[i % ICONS.length]} size="lg" radius="xl" mb="md" />
          <Text fz={44} fw={800} lh={1} c="fanmint" style={{ letterSpacing: '-0.02em' }}>
            {target.number}
          </Text>
          <Title order={3} size="h4" mt="sm">
            {target.title}
          </Title>
          <Text mt={4} className={marketing.muted}>
            {target.description}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
