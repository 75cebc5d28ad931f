import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionHeading, type SectionHeadingProps } from './SectionHeading';

export interface MarketingSectionProps extends SectionHeadingProps {
  children: ReactNode;
}

/** One band of a marketing page: a <section> labelled by its SectionHeading (`id`), then the content. */
export function MarketingSection({ children, ...heading }: MarketingSectionProps) {
  return (
    <Box component="section" aria-labelledby={heading.id}>
      <SectionHeading {...heading} />
      {children}
    </Box>
  );
}
