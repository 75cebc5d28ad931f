import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconLogin2, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import marketing from '@/shared/ui/marketing.module.css';

export interface AccountRequiredProps {
  /** The API's account_required message, e.g. 'Sign in to view this store. It contains adult content (18+).' */
  message: string;
  title?: string;
  /** Heading level: 1 when the panel is the page, 2 inside one. */
  order?: 1 | 2;
}

/** Adult stores and categories need an account: the API's message with Sign In and Sign Up. */
export function AccountRequired({ message, title = 'Adult content (18+)', order = 2 }: AccountRequiredProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto" w="100%">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconLock size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={order} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text className={marketing.muted}>{message}</Text>
        <Group gap="sm" justify="center" w="100%">
          <Button component={Link} to="/sign-in" leftSection={<IconLogin2 size={18} />} miw={140}>
            Sign In
          </Button>
          <Button component={Link} to="/sign-up" variant="default" leftSection={<IconUserPlus size={18} />} miw={140}>
            Sign Up
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
