import { Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { isActive, MAIN_NAV } from '../nav-links';
import { AuthActions } from './AuthActions';

/** The mobile navigation drawer; its own chunk, loaded the first time the menu opens. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xs" title="Menu" hiddenFrom="lg" zIndex={700}>
      <Stack gap="md">
        <Stack gap={4} component="nav" aria-label="Mobile">
          {MAIN_NAV.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={isActive(pathname, item.to)}
              onClick={onClose}
            />
          ))}
        </Stack>
        <Divider />
        <AuthActions stacked onNavigate={onClose} />
      </Stack>
    </Drawer>
  );
}
