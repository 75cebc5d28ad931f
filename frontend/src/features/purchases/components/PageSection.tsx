import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled section of the fan's pages, named by its heading for screen readers. */
export function PageSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz={{ base: 20, sm: 22 }} mb={description ? 4 : 'sm'} id={id}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm" mb="sm">
          {description}
        </Text>
      )}
      {children}
    </section>
  );
}
