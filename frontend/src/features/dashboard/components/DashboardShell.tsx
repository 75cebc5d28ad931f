import { AppShell, Burger, Drawer, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { useAuthSession } from '@/features/auth';
import { Logo, ThemeToggle } from '@/features/layout';
import { LiveNotices } from '@/features/live-notices';
import { DashboardSidebar } from './DashboardSidebar';
import { LogoutDialog } from './LogoutDialog';

const NAVBAR_WIDTH = 280;

export function DashboardShell() {
  const { session } = useAuthSession();
  const email = session?.user.email ?? null;
  const [drawerOpened, drawer] = useDisclosure(false);
  const [logoutOpened, logout] = useDisclosure(false);

  const openLogout = () => {
    drawer.close();
    logout.open();
  };

  return (
    <AppShell
      header={{ height: { base: 60, md: 0 } }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'md', collapsed: { mobile: true } }}
      padding={{ base: 'md', sm: 'lg', lg: 'xl' }}
    >
      <AppShell.Header hiddenFrom="md" px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={drawerOpened} onClick={drawer.toggle} size="sm" aria-label="Open dashboard menu" />
            <Logo to="/dashboard" />
          </Group>
          <ThemeToggle />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar>
        <DashboardSidebar email={email} onLogout={openLogout} />
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size={NAVBAR_WIDTH + 20}
        padding={0}
        withCloseButton={false}
        hiddenFrom="md"
        zIndex={700}
      >
        <DashboardSidebar email={email} onNavigate={drawer.close} onLogout={openLogout} />
      </Drawer>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>

      <LogoutDialog opened={logoutOpened} onClose={logout.close} />
      <LiveNotices />
    </AppShell>
  );
}
