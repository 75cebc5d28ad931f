import { Paper, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { fillBrand } from '../../../lib/site';
import classes from './Legal.module.css';

export function LegalHighlights({ points }: { points: readonly string[] }) {
  return (
    <Paper component="section" aria-label="At a glance" withBorder radius="lg" p="md" className={classes.highlights}>
      <Text fw={700} mb="sm">
        At a glance
      </Text>
      <ul className={classes.highlightList}>
        {points.map((point) => (
          <li key={point}>
            <ThemeIcon size={22} radius="xl" variant="light" color="fanmint" className={classes.highlightIcon}>
              <IconCheck size={14} stroke={2.4} aria-hidden />
            </ThemeIcon>
            <span>{fillBrand(point)}</span>
          </li>
        ))}
      </ul>
    </Paper>
  );
}
