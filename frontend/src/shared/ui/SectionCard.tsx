import {
  Box,
  Card,
  Flex,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
  type ButtonProps,
  type MantineColor,
} from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  badge?: ReactNode;
  /** The icon's colour; the theme's primary colour unless given (red for a destructive section). */
  color?: MantineColor;
  children: ReactNode;
}

/**
 * Button styles that let a long label wrap onto a second line on a narrow screen instead of being
 * cut off (Mantine's label is `nowrap` with hidden overflow and a fixed height).
 */
export const wrappingButtonStyles: ButtonProps['styles'] = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6, maxWidth: '100%' },
  inner: { height: 'auto' },
  label: { whiteSpace: 'normal', overflow: 'visible', height: 'auto', lineHeight: 1.3, textAlign: 'center' },
};

export function SectionCard({ icon, title, description, badge, color, children }: SectionCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color={color} style={{ flexShrink: 0 }}>
            {icon}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            {/* Phones: the badge sits on its own line under the title; wider screens: at the right. */}
            <Flex
              direction={{ base: 'column', sm: 'row' }}
              align={{ base: 'flex-start', sm: 'center' }}
              justify="space-between"
              gap={{ base: 4, sm: 'xs' }}
            >
              <Title order={2} fz={{ base: 18, sm: 20 }} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              {badge && <Box style={{ flexShrink: 0, display: 'flex' }}>{badge}</Box>}
            </Flex>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
