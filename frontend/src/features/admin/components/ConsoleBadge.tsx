import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './console-badge.module.css';

const DARKER_TEXT: Record<string, Record<string, string | undefined>> = {
  light: { green: classes.green, yellow: classes.yellow },
  outline: { gray: classes.grayOutline },
};

export interface ConsoleBadgeProps extends Pick<BadgeProps, 'color' | 'variant' | 'size' | 'tt' | 'style'> {
  title?: string;
  children: ReactNode;
}

/** Every badge of the console: its whole text (wrapping when narrow) at AA contrast in both schemes. */
export function ConsoleBadge({ color = 'gray', variant = 'light', children, ...rest }: ConsoleBadgeProps) {
  const tone = typeof color === 'string' ? DARKER_TEXT[variant]?.[color] : undefined;
  return (
    <Badge
      color={color}
      variant={variant}
      radius="sm"
      classNames={{ root: classes.root, label: tone ? `${classes.label} ${tone}` : classes.label }}
      {...rest}
    >
      {children}
    </Badge>
  );
}
