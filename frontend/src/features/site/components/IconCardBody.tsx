import { Stack, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IconBadge, type IconBadgeSize } from '@/shared/ui/IconBadge';
import marketing from '@/shared/ui/marketing.module.css';

export interface IconCardBodyProps {
  icon: Icon;
  iconSize: IconBadgeSize;
  title: string;
  description: string;
  /** The card's action, kept at the bottom however long the description is. */
  children: ReactNode;
}

/** The inside of a site card: icon, h3, description, then the action. */
export function IconCardBody({ icon, iconSize, title, description, children }: IconCardBodyProps) {
  return (
    <Stack gap="sm" h="100%">
      <IconBadge icon={icon} size={iconSize} radius="md" />
      <Title order={3} fz="lg">
        {title}
      </Title>
      <Text className={marketing.muted} style={{ flex: 1 }}>
        {description}
      </Text>
      {children}
    </Stack>
  );
}
