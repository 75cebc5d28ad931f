import { Badge } from '@mantine/core';
import contrast from '@/shared/ui/contrast.module.css';
import type { BadgeStyle } from './labels';

const TINT_CLASS: Record<string, string | undefined> = { orange: contrast.orangeOnTint, teal: contrast.tealOnTint };

/** A status or kind badge, its label as written (no upper-casing). */
export function LabelBadge({ style: { label, color } }: { style: BadgeStyle }) {
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      classNames={{ label: TINT_CLASS[color] }}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {label}
    </Badge>
  );
}
