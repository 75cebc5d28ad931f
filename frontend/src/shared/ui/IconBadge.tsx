import { ThemeIcon, type ThemeIconProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** Badge and glyph sizes, in px. */
const SIZES = {
  sm: { badge: 40, icon: 22 },
  md: { badge: 44, icon: 24 },
  lg: { badge: 48, icon: 26 },
  xl: { badge: 56, icon: 30 },
} as const;

export type IconBadgeSize = keyof typeof SIZES;

export interface IconBadgeProps extends Omit<ThemeIconProps, 'size' | 'children' | 'variant'> {
  icon: Icon;
  size: IconBadgeSize;
}

/** A card's icon on a light tint of its colour (the primary colour unless `color` is given). */
export function IconBadge({ icon: Glyph, size, ...props }: IconBadgeProps) {
  const { badge, icon } = SIZES[size];
  return (
    <ThemeIcon size={badge} variant="light" {...props}>
      <Glyph size={icon} stroke={1.6} />
    </ThemeIcon>
  );
}
