import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useBrowserValue } from '../../../lib/use-browser-value';

/** Moon while dark, sun while light (SPEC §4). */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('dark');
  // Prerendered markup cannot know the stored theme: until hydration both icons are in the page and
  // CSS (data-mantine-color-scheme, set before paint) shows the right one.
  const hydrated = useBrowserValue(() => true, false);
  const scheme = hydrated ? computed : null;
  const next = scheme === 'light' ? 'dark' : 'light';
  const label = scheme ? `Switch to ${next} mode` : 'Toggle color scheme';

  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      data-scheme={scheme ?? undefined}
      onClick={() => setColorScheme(next)}
    >
      {scheme !== 'light' && (
        <IconMoon
          size={18}
          stroke={1.8}
          data-testid="icon-moon"
          className={scheme ? undefined : 'mantine-light-hidden'}
        />
      )}
      {scheme !== 'dark' && (
        <IconSun size={18} stroke={1.8} data-testid="icon-sun" className={scheme ? undefined : 'mantine-dark-hidden'} />
      )}
    </ActionIcon>
  );
}
