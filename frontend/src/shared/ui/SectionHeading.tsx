import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './marketing.module.css';

export interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: 'center' | 'left';
}

/** An h2 with an optional eyebrow and intro line; `id` is what the section's aria-labelledby points at. */
export function SectionHeading({ id, eyebrow, title, description, align = 'center' }: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <Stack gap="xs" align={centered ? 'center' : 'flex-start'} ta={centered ? 'center' : 'left'} mb="xl">
      {eyebrow && (
        <Text size="sm" fw={700} c="fanmint" className={classes.eyebrow}>
          {eyebrow}
        </Text>
      )}
      <Title order={2} id={id} fz={{ base: 28, sm: 36 }} className={classes.sectionTitle}>
        {title}
      </Title>
      {description && (
        <Text size="lg" maw={680} className={classes.muted}>
          {description}
        </Text>
      )}
    </Stack>
  );
}
