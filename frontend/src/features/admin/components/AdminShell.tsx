import { AppShell, Box, Burger, Button, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { ThemeToggle } from '@/features/layout';
import { navFor } from '../admin-nav';
import { adminKeys } from '../hooks/admin-keys';
import { useAdminMe } from '../hooks/use-admin-me';
import { useStaffNotices } from '../hooks/use-staff-notices';
import { signOutAdmin } from '../services/admin-session.service';
import { AdminBrand } from './AdminBrand';
import { RoleBadge } from './Badges';

const NAVBAR_WIDTH = 248;

export function AdminShell() {
  const me = useAdminMe();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [signingOut, setSigningOut] = useState(false);
  useStaffNotices(!signingOut);

  const signOut = async () => {
    setSigningOut(true);
    await signOutAdmin();
    client.removeQueries({ queryKey: adminKeys.all });
    notify.success('Signed out of the console');
    navigate('/admin/sign-in', { replace: true });
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle console menu" />
            <AdminBrand compact />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <RoleBadge role={me.role} />
            <ThemeToggle />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar>
        <Box p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.05em' }}>
            Signed in as
          </Text>
          <Text size="sm" fw={600} truncate="end" title={me.email}>
            {me.email}
          </Text>
        </Box>
        <Divider />
        <ScrollArea style={{ flex: 1 }} p="sm" type="auto">
          <Stack gap={2} component="nav" aria-label="Console">
            {navFor(me.role).map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={18} stroke={1.6} />}
                active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                onClick={close}
                style={{ borderRadius: 4 }}
              />
            ))}
          </Stack>
        </ScrollArea>
        <Divider />
        <Box p="md">
          <Button
            color="red"
            variant="light"
            fullWidth
            leftSection={<IconLogout size={18} />}
            onClick={() => void signOut()}
            loading={signingOut}
          >
            Sign out
          </Button>
        </Box>
      </AppShell.Navbar>

      <AppShell.Main>
        <Box maw={1200} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
