import { Box, Button, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconHome2, IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { Logo } from '../../layout/components/Logo';
import { ThemeToggle } from '../../layout/components/ThemeToggle';
import { DASHBOARD_NAV } from '../dashboard-nav';

export interface DashboardSidebarProps {
  email: string | null;
  onNavigate?: () => void;
  onLogout: () => void;
  showLogo?: boolean;
}

export function DashboardSidebar({ email, onNavigate, onLogout, showLogo = true }: DashboardSidebarProps) {
  const { pathname } = useLocation();

  return (
    <Stack h="100%" gap={0}>
      {showLogo && (
        <Box p="md">
          <Logo to="/dashboard" />
        </Box>
      )}
      <Box px="md" pb="md">
        <Box p="sm" style={{ borderRadius: 8, background: 'var(--mantine-color-default-hover)' }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.05em' }}>
            Signed in as
          </Text>
          <Text size="sm" fw={600} truncate="end" title={email ?? undefined}>
            {email ?? 'Loading...'}
          </Text>
        </Box>
      </Box>
      <Divider />
      <ScrollArea style={{ flex: 1 }} px="sm" py="sm" type="auto">
        <Stack gap="md" component="nav" aria-label="Dashboard">
          {DASHBOARD_NAV.map((group) => (
            <Stack key={group.title} gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" pb={4} style={{ letterSpacing: '0.06em' }}>
                {group.title}
              </Text>
              {group.items.map((item) => (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={<item.icon size={18} stroke={1.6} />}
                  active={pathname === item.to}
                  onClick={onNavigate}
                  style={{ borderRadius: 4 }}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      </ScrollArea>
      <Divider />
      <Stack p="md" gap="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Theme
          </Text>
          <ThemeToggle />
        </Group>
        <Button component={Link} to="/" variant="default" leftSection={<IconHome2 size={18} />} fullWidth>
          Go to Home Page
        </Button>
        <Button color="red" variant="light" leftSection={<IconLogout size={18} />} onClick={onLogout} fullWidth>
          Log Out
        </Button>
      </Stack>
    </Stack>
  );
}
