import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import marketing from '@/shared/ui/marketing.module.css';

export interface SiteSectionProps {
  /** The h2's id, which labels the section. */
  id: string;
  title: string;
  lead?: string;
  /** More vertical room, for the home page's sections. */
  roomy?: boolean;
  children: ReactNode;
}

const PADDING = { base: 32, sm: 48 };
const ROOMY_PADDING = { base: 48, sm: 64 };

/** A section of the site pages: its container, the h2 with an optional lead line, then the content. */
export function SiteSection({ id, title, lead, roomy = false, children }: SiteSectionProps) {
  return (
    <Container component="section" size="lg" py={roomy ? ROOMY_PADDING : PADDING} aria-labelledby={id}>
      <Stack gap={4} mb="xl" maw={720}>
        <Title order={2} id={id} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {lead && (
          <Text size="lg" className={marketing.muted}>
            {lead}
          </Text>
        )}
      </Stack>
      {children}
    </Container>
  );
}
