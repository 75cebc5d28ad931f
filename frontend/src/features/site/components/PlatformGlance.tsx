import { Paper, SimpleGrid, Text } from '@mantine/core';
import marketing from '@/shared/ui/marketing.module.css';
import { fillText } from '../content/fill-text';
import content from '../content/platform.json';

/** The platform's key figures at a glance, under the page heading. */
export function PlatformGlance() {
  return (
    <SimpleGrid component="ul" cols={{ base: 2, md: 4 }} spacing="sm" p={0} m={0} mt="sm" style={{ listStyle: 'none' }}>
      {content.glance.map((item) => (
        <Paper component="li" key={item.label} withBorder radius="md" p="md">
          <Text fw={800} fz={{ base: 22, sm: 28 }} lh={1.2} className={marketing.accent}>
            {fillText(item.value)}
          </Text>
          <Text size="sm" className={marketing.muted}>
            {item.label}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
