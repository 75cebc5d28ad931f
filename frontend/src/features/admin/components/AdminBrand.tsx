import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../lib/site';
import { LogoMark } from '@/features/layout';
import classes from './admin-brand.module.css';
import { ConsoleBadge } from './ConsoleBadge';

/**
 * The console's wordmark: the brand plus a badge, so nobody mistakes it for the public site.
 * `compact`: on a phone only the mark and the badge (the console header also carries the role).
 */
export function AdminBrand({ to = '/admin', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <UnstyledButton component={Link} to={to}>
      <Group gap="xs" wrap="nowrap">
        <LogoMark size={28} />
        <Text
          fw={800}
          fz="lg"
          style={{ letterSpacing: '-0.02em' }}
          className={classes.word}
          data-compact={compact || undefined}
        >
          {BRAND}
        </Text>
        <ConsoleBadge size="sm" variant="light" color="gray">
          Console
        </ConsoleBadge>
      </Group>
    </UnstyledButton>
  );
}
