import { Group, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../lib/site';

export function LogoMark({ size = 32 }: { size?: number }) {
  // Unique per instance: a gradient id shared with a hidden copy (e.g. the mobile header) would not paint.
  const gradientId = `fanmint-mark-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a5529f" />
          <stop offset="1" stopColor="#6fcee7" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <path d="M22 48V18h22v6.5H29.5v6h12.5V37H29.5v11z" fill="#fff" />
      <circle cx="46" cy="44" r="4" fill="#fff" opacity="0.9" />
    </svg>
  );
}

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={`${BRAND} home`}>
      <Group gap="sm" wrap="nowrap">
        <LogoMark />
        <Text fw={800} fz="xl" style={{ letterSpacing: '-0.02em' }}>
          {BRAND}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
