import { Box, Button, Collapse, Divider, Group, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconHome2, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Logo, ThemeToggle } from '@/features/layout';
import { UnreadBadge } from '@/features/messages';
import { CREATOR_SECTION, navGroupsFor, type DashboardNavGroup, type DashboardNavItem } from '../dashboard-nav';
import { useDashboardRole } from '../hooks/use-dashboard-summary';
import { usePlatformConfig } from '../../../lib/platform-config';
import classes from './DashboardSidebar.module.css';

export interface DashboardSidebarProps {
  email: string | null;
  onNavigate?: () => void;
  onLogout: () => void;
  showLogo?: boolean;
}

/** Tall enough for every section open at once; below it (a 1366×768 laptop) only the current one opens. */
const TALL_SCREEN = '(min-height: 60em)';
const MESSAGES_PATH = '/dashboard/messages';

function SidebarLink({
  item,
  active,
  onNavigate,
}: {
  item: DashboardNavItem;
  active: boolean;
  onNavigate?: () => void;
}) {
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<item.icon size={18} stroke={1.6} />}
      rightSection={item.to === MESSAGES_PATH ? <UnreadBadge /> : undefined}
      active={active}
      onClick={onNavigate}
      className={classes.link}
    />
  );
}

function Section({
  group,
  opened,
  onToggle,
  children,
}: {
  group: DashboardNavGroup;
  opened: boolean;
  onToggle: () => void;
  children: React.ReactNode;
}) {
  const id = `sidebar-section-${group.title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap={2}>
      <UnstyledButton className={classes.sectionToggle} onClick={onToggle} aria-expanded={opened} aria-controls={id}>
        <Text component="span" size="xs" tt="uppercase" fw={700} className={classes.sectionTitle}>
          {group.title}
        </Text>
        <IconChevronDown size={14} className={classes.chevron} data-opened={opened || undefined} aria-hidden="true" />
      </UnstyledButton>
      <Collapse expanded={opened} id={id}>
        <Stack gap={2}>{children}</Stack>
      </Collapse>
    </Stack>
  );
}

export function DashboardSidebar({ email, onNavigate, onLogout, showLogo = true }: DashboardSidebarProps) {
  const { pathname } = useLocation();
  const tall = useMediaQuery(TALL_SCREEN, true);
  const config = usePlatformConfig();
  // Until the phase is known, the pre-launch list: a live page never flashes on the pre-launch site.
  const groups = navGroupsFor(useDashboardRole(), config.data?.launchPhase === 'live');
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const home = groups[0]?.items.find((item) => item.to === '/dashboard');
  const sections = groups.map((group) => ({ ...group, items: group.items.filter((item) => item.to !== '/dashboard') }));
  const current = sections.find((group) => group.items.some((item) => item.to === pathname))?.title ?? CREATOR_SECTION;
  const isOpen = (title: string) => toggled[title] ?? (tall || title === current);

  return (
    <Stack h="100%" gap={0}>
      <Group px="md" py="sm" justify="space-between" wrap="nowrap">
        {showLogo ? <Logo to="/dashboard" /> : <span />}
        <ThemeToggle />
      </Group>
      <Box px="md" pb="sm">
        <Box px="sm" py={6} className={classes.account}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.05em' }}>
            Signed in as
          </Text>
          <Text size="sm" fw={600} truncate="end" title={email ?? undefined}>
            {email ?? 'Loading...'}
          </Text>
        </Box>
      </Box>
      <Divider />
      {/* Only the links scroll: the account box above and the buttons below stay put. */}
      <ScrollArea style={{ flex: 1 }} px="sm" py="xs" type="auto" offsetScrollbars>
        <Stack gap={6} component="nav" aria-label="Dashboard">
          {home && <SidebarLink item={home} active={pathname === home.to} onNavigate={onNavigate} />}
          {sections.map((group) => (
            <Section
              key={group.title}
              group={group}
              opened={isOpen(group.title)}
              onToggle={() => setToggled((state) => ({ ...state, [group.title]: !isOpen(group.title) }))}
            >
              {group.items.map((item) => (
                <SidebarLink key={item.to} item={item} active={pathname === item.to} onNavigate={onNavigate} />
              ))}
            </Section>
          ))}
        </Stack>
      </ScrollArea>
      <Divider />
      <Stack p="sm" gap="xs">
        <Button component={Link} to="/" variant="default" size="sm" leftSection={<IconHome2 size={18} />} fullWidth>
          Go to Home Page
        </Button>
        <Button
          color="red"
          variant="light"
          size="sm"
          leftSection={<IconLogout size={18} />}
          onClick={onLogout}
          fullWidth
        >
          Log Out
        </Button>
      </Stack>
    </Stack>
  );
}
