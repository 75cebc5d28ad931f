import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../lib/site';
import { LogoMark } from '../../layout/components/Logo';

/** The console's wordmark: the brand plus a badge, so nobody mistakes it for the public site. */
export function AdminBrand({ to = '/admin' }: { to?: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={`${BRAND} admin console`}>
      <Group gap="xs" wrap="nowrap">
        <LogoMark size={28} />
        <Text fw={800} fz="lg" style={{ letterSpacing: '-0.02em' }}>
          {BRAND}
        </Text>
        <Badge size="sm" variant="light" color="gray" radius="sm">
          Console
        </Badge>
      </Group>
    </UnstyledButton>
  );
}
