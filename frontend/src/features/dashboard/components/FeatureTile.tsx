import { Badge, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { DashboardNavItem } from '../dashboard-nav';
import classes from './FeatureTile.module.css';

export function FeatureTile({ item }: { item: DashboardNavItem }) {
  return (
    <Card component={Link} to={item.to} withBorder padding="md" radius="md" className={classes.tile}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <ThemeIcon size={40} radius="md" variant="light">
          <item.icon size={22} stroke={1.6} />
        </ThemeIcon>
        <Badge size="xs" variant="light" color="aqua">
          Demo
        </Badge>
      </Group>
      <Text fw={600}>{item.label}</Text>
      <Text size="sm" c="dimmed">
        {item.description}
      </Text>
    </Card>
  );
}
