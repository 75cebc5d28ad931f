import { Box, Burger, Container, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isActive, MAIN_NAV } from '../nav-links';
import { AuthActions } from './AuthActions';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';
import classes from './TopNav.module.css';

const MobileMenu = lazy(async () => ({ default: (await import('./MobileMenu')).MobileMenu }));

export function TopNav() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { pathname } = useLocation();

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
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
            <Burger
              opened={opened}
              onClick={() => {
                setMenuLoaded(true);
                toggle();
              }}
              hiddenFrom="lg"
              size="sm"
              aria-label="Open menu"
              aria-expanded={opened}
            />
          </Group>
        </Group>
      </Container>

      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} />
        </Suspense>
      )}
    </Box>
  );
}
