import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './marketing.module.css';

export interface CtaBandProps {
  id: string;
  title: ReactNode;
  text: ReactNode;
  children: ReactNode;
}

/** Closing call to action of a marketing page. */
export function CtaBand({ id, title, text, children }: CtaBandProps) {
  return (
    <Paper component="section" aria-labelledby={id} radius="xl" p={{ base: 'lg', sm: 48 }} className={classes.cta}>
      <Stack gap="md" align="center" ta="center">
        <Title order={2} id={id} fz={{ base: 26, sm: 34 }} className={classes.sectionTitle}>
          {title}
        </Title>
        <Text size="lg" maw={620} className={classes.muted}>
          {text}
        </Text>
        <Group justify="center" gap="sm" mt="xs">
          {children}
        </Group>
      </Stack>
    </Paper>
  );
}
