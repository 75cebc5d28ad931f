import { Badge, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { DashboardNavItem } from '../dashboard-nav';
import classes from './FeatureTile.module.css';

export function FeatureTile({ item }: { item: DashboardNavItem }) {
  return (
    <Card component={Link} to={item.to} withBorder padding="md" radius="md" className={classes.tile}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="md" variant="light">
          <item.icon size={24} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} style={{ flex: 1, minWidth: 0 }}>
              {item.label}
            </Text>
            <Badge size="xs" variant="light" color="aqua" style={{ flexShrink: 0 }}>
              Demo
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {item.description}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
