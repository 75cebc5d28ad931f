import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import marketing from './marketing.module.css';

export interface StateMessageProps {
  icon: Icon;
  title: string;
  children: ReactNode;
  action?: { label: string; onClick: () => void };
  color?: string;
  /** Heading level: 2 inside a page, 1 when the message is the page. */
  order?: 1 | 2;
}

/** Empty and error states of the storefront lists: an icon, a heading, one line and at most one action. */
export function StateMessage({ icon: Glyph, title, children, action, color, order = 2 }: StateMessageProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color={color}>
          <Glyph size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={order} fz={{ base: 20, sm: 22 }}>
          {title}
        </Title>
        <Text className={marketing.muted} maw={480}>
          {children}
        </Text>
        {action && (
          <Button variant="default" onClick={action.onClick} mt="xs">
            {action.label}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
