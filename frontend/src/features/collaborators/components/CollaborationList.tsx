import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '@/shared/ui/SectionCard';
import type { Collaboration } from '../services/collaborations.service';

export interface CollaborationListProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  badge?: ReactNode;
  entries: Collaboration[];
  empty: ReactNode;
  renderItem: (entry: Collaboration) => ReactNode;
}

/** One titled section of the page: its entries, or what to do when there are none. */
export function CollaborationList({
  icon,
  title,
  description,
  badge,
  entries,
  empty,
  renderItem,
}: CollaborationListProps) {
  return (
    <SectionCard icon={icon} title={title} description={description} badge={badge}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="sm">{entries.map(renderItem)}</Stack>
      )}
    </SectionCard>
  );
}
