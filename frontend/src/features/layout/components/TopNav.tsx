import { Box, Burger, Container, Divider, Drawer, Group, NavLink, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router-dom';
import { MAIN_NAV } from '../nav-links';
import { AuthActions } from './AuthActions';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';
import classes from './TopNav.module.css';

function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname.startsWith(to);
}

export function TopNav() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="lg" wrap="nowrap">
            {MAIN_NAV.map((item) => (
              <UnstyledButton
                key={item.to}
                component={Link}
                to={item.to}
                className={classes.link}
                data-active={isActive(pathname, item.to) || undefined}
              >
                {item.label}
              </UnstyledButton>
            ))}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeToggle />
            <Box visibleFrom="lg">
              <AuthActions />
            </Box>
            <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label="Open menu" />
          </Group>
        </Group>
      </Container>

      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="xs"
        title="Menu"
        hiddenFrom="lg"
        zIndex={300}
      >
        <Stack gap="md">
          <Stack gap={4} component="nav" aria-label="Mobile">
            {MAIN_NAV.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={isActive(pathname, item.to)}
                onClick={close}
              />
            ))}
          </Stack>
          <Divider />
          <AuthActions stacked onNavigate={close} />
        </Stack>
      </Drawer>
    </Box>
  );
}
