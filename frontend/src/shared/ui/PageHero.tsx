import { Badge, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './marketing.module.css';

export interface PageHeroProps {
  eyebrow: string;
  icon?: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  /** Buttons or links under the lead. */
  children?: ReactNode;
}

/** The opening band of a public marketing page: eyebrow badge, the page's only h1, lead and actions. */
export function PageHero({ eyebrow, icon, title, lead, children }: PageHeroProps) {
  return (
    <Box className={classes.hero}>
      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Stack gap="lg" align="center" ta="center">
          <Badge variant="light" size="lg" radius="xl" leftSection={icon} tt="none">
            {eyebrow}
          </Badge>
          <Title order={1} className={classes.heroTitle}>
            {title}
          </Title>
          <Text size="lg" maw={680} className={classes.muted}>
            {lead}
          </Text>
          {children && (
            <Group justify="center" gap="sm" mt="xs">
              {children}
            </Group>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
