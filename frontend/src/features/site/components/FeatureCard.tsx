import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IconBadge } from '@/shared/ui/IconBadge';
import marketing from '@/shared/ui/marketing.module.css';

export interface FeatureCardProps {
  icon: Icon;
  title: string;
  description: string;
  /** Shown above the text, e.g. an expandable screenshot. */
  media?: ReactNode;
  /** Shown beside the title, e.g. a 'Coming Soon' badge. */
  badge?: ReactNode;
  children?: ReactNode;
}

export function FeatureCard({ icon, title, description, media, badge, children }: FeatureCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      {media && (
        <Card.Section p="lg" pb={0}>
          {media}
        </Card.Section>
      )}
      <Stack gap="sm" mt={media ? 'md' : 0}>
        <Group gap="sm" wrap="nowrap" align="center">
          <IconBadge icon={icon} size="sm" radius="md" style={{ flexShrink: 0 }} />
          <Title order={3} fz="lg" style={{ flex: 1 }}>
            {title}
          </Title>
          {badge}
        </Group>
        <Text className={marketing.muted}>{description}</Text>
        {children}
      </Stack>
    </Card>
  );
}
