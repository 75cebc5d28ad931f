import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { useAuthSession } from '../../auth/hooks/use-auth-session';

export function GeneralSettingsPage() {
  usePageMeta({ title: 'General Settings', noindex: true });
  const { session, loading } = useAuthSession();

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          General Settings
        </Title>
        <Text c="dimmed">Your account details and security.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm" h="100%">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={40} radius="md" variant="light" color="aqua">
                <IconUserCircle size={22} />
              </ThemeIcon>
              <Title order={2} fz={18}>
                Account
              </Title>
            </Group>
            <Stack gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Email
              </Text>
              <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                {session?.user.email ?? (loading ? 'Loading...' : 'Unknown')}
              </Text>
            </Stack>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm" h="100%">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={40} radius="md" variant="light">
                <IconShieldLock size={22} />
              </ThemeIcon>
              <Title order={2} fz={18}>
                Security
              </Title>
            </Group>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              Two-factor authentication, recovery codes, password and signed-in devices.
            </Text>
            <Button
              component={Link}
              to="/dashboard/security"
              variant="light"
              rightSection={<IconChevronRight size={16} />}
              style={{ alignSelf: 'flex-start' }}
            >
              Security Settings
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
