import {
  createTheme,
  Drawer,
  Modal,
  type CSSVariablesResolver,
  localStorageColorSchemeManager,
  type MantineColorScheme,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';
import { StorageKey } from '../lib/storage';

export const PRIMARY_COLOR = '#a5529f';
export const SECONDARY_COLOR = '#6fcee7';
export const DEFAULT_COLOR_SCHEME = 'dark' as const;
/** The grid unit every spacing step is a multiple (or half) of. */
export const SPACING_UNIT = 8;

const fanmint: MantineColorsTuple = [
  '#fcf1fb',
  '#f3def1',
  '#e6bce2',
  '#d897d2',
  '#cb78c4',
  '#b864b0',
  '#a5529f',
  '#8e4589',
  '#763872',
  '#5d2b5a',
];

const aqua: MantineColorsTuple = [
  '#e8f9fd',
  '#d2f1f9',
  '#aee5f4',
  '#8fdaee',
  '#7fd4ea',
  '#6fcee7',
  '#4fb9d6',
  '#3a9fbb',
  '#2d8199',
  '#1f6275',
];

// A slightly violet-tinted dark palette so dark mode matches the brand instead of neutral grey.
const dark: MantineColorsTuple = [
  '#d5d3de',
  '#b9b6c6',
  '#8f8ba0',
  '#6d6980',
  '#4a465a',
  '#37344a',
  '#2a2738',
  '#1f1d2b',
  '#181622',
  '#110f19',
];

const px = (units: number) => `${units * SPACING_UNIT}px`;

export const theme = createTheme({
  primaryColor: 'fanmint',
  primaryShade: { light: 6, dark: 6 },
  colors: { fanmint, aqua, dark },
  white: '#ffffff',
  black: '#14121c',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: { xs: '0em', sm: '37.5em', md: '56.25em', lg: '75em', xl: '96em' },
  spacing: { xs: px(0.5), sm: px(1), md: px(2), lg: px(3), xl: px(4) },
  radius: { xs: '2px', sm: '4px', md: '4px', lg: '8px', xl: '16px' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  other: { secondaryColor: SECONDARY_COLOR },
  // Mantine's close button is an icon only: without a name a screen reader announces just "button".
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});

export function applyThemeAttribute(scheme: 'light' | 'dark'): void {
  if (typeof document === 'undefined') return;
  document.documentElement.setAttribute('data-theme', scheme);
}

/** Mantine's localStorage manager under our `theme` key, which also mirrors the scheme to `data-theme`. */
export function themeManager(): MantineColorSchemeManager {
  const base = localStorageColorSchemeManager({ key: StorageKey.theme });
  const mirror = (value: MantineColorScheme) => applyThemeAttribute(value === 'light' ? 'light' : 'dark');
  return {
    ...base,
    get: (defaultValue) => {
      const value = base.get(defaultValue);
      mirror(value);
      return value;
    },
    set: (value) => {
      base.set(value);
      mirror(value);
    },
  };
}

/** Secondary ("dimmed") text meets WCAG AA contrast on every surface in both schemes. */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-dimmed': current.colors.gray[7] },
  dark: { '--mantine-color-dimmed': current.colors.dark[1] },
});
