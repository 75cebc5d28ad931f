import { Box, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff, IconLibraryPhoto } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import marketing from '@/shared/ui/marketing.module.css';
import { isAccountRequired, type ContentItem } from '../services/storefront.service';
import { errorMessage } from '@/shared/api-problems';
import { AccountRequired } from './AccountRequired';
import { ContentCard } from './ContentCard';
import { StateMessage } from '@/shared/ui/StateMessage';

const GRID_COLS = { base: 1, sm: 2, md: 3, lg: 4 };

export interface StoreContentSectionProps {
  content: UseQueryResult<ContentItem[]>;
  onReport: (item: ContentItem) => void;
  onTakedown: (item: ContentItem) => void;
  onAppeal: (item: ContentItem) => void;
  renderAction?: (item: ContentItem) => ReactNode;
  /** Above the items, e.g. that the store is for subscribers only. */
  notice?: ReactNode;
}

/** The store's approved videos and albums as a grid. */
export function StoreContentSection({
  content,
  onReport,
  onTakedown,
  onAppeal,
  renderAction,
  notice,
}: StoreContentSectionProps) {
  const items = content.data ?? [];
  let body;
  if (content.isPending) {
    body = (
      <SimpleGrid cols={GRID_COLS} spacing="lg" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <Card key={index} withBorder radius="lg" padding={0}>
            <Skeleton style={{ aspectRatio: '16 / 10' }} radius={0} />
            <Stack gap="xs" p="md">
              <Skeleton height={14} width="80%" />
              <Skeleton height={18} width="30%" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (content.isError) {
    body = isAccountRequired(content.error) ? (
      <AccountRequired message={errorMessage(content.error)} />
    ) : (
      <StateMessage
        icon={IconCloudOff}
        title="Videos and albums could not be loaded"
        color="red"
        action={{ label: 'Try again', onClick: () => void content.refetch() }}
      >
        {errorMessage(content.error)}
      </StateMessage>
    );
  } else if (items.length === 0) {
    body = (
      <StateMessage icon={IconLibraryPhoto} title="Nothing here yet">
        This creator has not published any videos or albums yet. Check back soon.
      </StateMessage>
    );
  } else {
    body = (
      <SimpleGrid cols={GRID_COLS} spacing="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <li key={item.id}>
            <ContentCard
              item={item}
              onReport={() => onReport(item)}
              onTakedown={() => onTakedown(item)}
              onAppeal={() => onAppeal(item)}
              action={renderAction?.(item)}
            />
          </li>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <section aria-labelledby="store-content-title">
      <Group justify="space-between" align="baseline" mb="md" gap="xs">
        <Title order={2} id="store-content-title" fz={{ base: 22, sm: 26 }}>
          Videos and albums
        </Title>
        {items.length > 0 && (
          <Text size="sm" className={marketing.muted}>
            {items.length} {items.length === 1 ? 'item' : 'items'}
          </Text>
        )}
      </Group>
      {notice && items.length > 0 && <Box mb="md">{notice}</Box>}
      {body}
    </section>
  );
}
