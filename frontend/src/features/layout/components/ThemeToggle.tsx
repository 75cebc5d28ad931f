import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Moon while dark, sun while light (SPEC §4). */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark', { getInitialValueInEffect: false });
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} mode`;

  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        data-scheme={scheme}
        onClick={() => setColorScheme(next)}
      >
        {scheme === 'dark' ? (
          <IconMoon size={18} stroke={1.8} data-testid="icon-moon" />
        ) : (
          <IconSun size={18} stroke={1.8} data-testid="icon-sun" />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
