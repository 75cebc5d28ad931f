import { Badge, Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import marketing from './marketing.module.css';

export interface PageHeaderProps {
  title: string;
  lead?: ReactNode;
  eyebrow?: string;
  /** Calls to action or highlights shown under the lead. */
  children?: ReactNode;
  /** Let the children use the full container width (the text keeps its reading width). */
  wide?: boolean;
}

/** The page's single h1 with its lead line, over the brand glow every marketing page shares. */
export function PageHeader({ title, lead, eyebrow, children, wide = false }: PageHeaderProps) {
  return (
    <Box className={marketing.glow}>
      <Container size="lg" pt={{ base: 40, sm: 64 }} pb={{ base: 16, sm: 24 }}>
        <Stack gap="md" maw={wide ? undefined : 760}>
          {eyebrow && (
            <Badge variant="filled" size="lg" radius="sm" tt="none" style={{ alignSelf: 'flex-start' }}>
              {eyebrow}
            </Badge>
          )}
          <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
            {title}
          </Title>
          {lead && (
            <Text size="lg" className={marketing.muted} maw={760}>
              {lead}
            </Text>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
