import { Paper, SimpleGrid, type MantineColor, type SimpleGridProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CardText } from './CardText';
import { IconBadge } from './IconBadge';
import classes from './marketing.module.css';

/** `lg` for three-up grids, `md` for denser ones. */
const SIZES = {
  md: { padding: 'lg', gap: 'sm' },
  lg: { padding: 'xl', gap: 'md' },
} as const;

export interface IconCardItem {
  icon: Icon;
  title: string;
  text: ReactNode;
}

interface IconCardStyle {
  size?: keyof typeof SIZES;
  /** The icon's colour; the primary colour when left out. */
  color?: MantineColor;
}

/** A bordered card: round icon, h3 and muted text. */
export function IconCard({ icon, title, text, size = 'md', color }: IconCardItem & IconCardStyle) {
  const { padding, gap } = SIZES[size];
  return (
    <Paper withBorder radius="lg" p={padding} className={classes.card}>
      <IconBadge icon={icon} size={size} radius="xl" color={color} mb={gap} />
      <CardText title={title}>{text}</CardText>
    </Paper>
  );
}

/** A grid of IconCards of one size and colour. */
export function IconCardGrid({
  items,
  cols,
  ...style
}: IconCardStyle & { items: IconCardItem[]; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing="lg">
      {items.map((item) => (
        <IconCard key={item.title} {...item} {...style} />
      ))}
    </SimpleGrid>
  );
}
