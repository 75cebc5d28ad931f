/** One screenshot in both themes; `mobile` exists for the feature previews (390x844), not the app shots. */
export interface ThemedShot {
  light: { desktop: string; mobile?: string };
  dark: { desktop: string; mobile?: string };
}

export type ScreenshotRef = { kind: 'preview' | 'app'; name: string };

export const DESKTOP_SIZE = { width: 1280, height: 800 } as const;
export const MOBILE_SIZE = { width: 390, height: 844 } as const;

/** Paths of the images in frontend/public/images (previews/<feature>-<theme>-<device>, app/<page>-<theme>). */
export function themedShot({ kind, name }: ScreenshotRef): ThemedShot {
  if (kind === 'app') {
    return { light: { desktop: `/images/app/${name}-light.webp` }, dark: { desktop: `/images/app/${name}-dark.webp` } };
  }
  const shot = (theme: 'light' | 'dark') => ({
    desktop: `/images/previews/${name}-${theme}-desktop.webp`,
    mobile: `/images/previews/${name}-${theme}-mobile.webp`,
  });
  return { light: shot('light'), dark: shot('dark') };
}
