import type { Category } from './store-types';

/** Seconds as m:ss or h:mm:ss. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const storeCountLabel = (count: number) =>
  count === 0 ? 'No stores yet' : count === 1 ? '1 store' : `${count} stores`;

/** The category's display name; a slug the list does not know yet is shown readable ('adult-solo' → 'Adult solo'). */
export function categoryName(slug: string, categories: readonly Category[] | undefined): string {
  const known = categories?.find((category) => category.slug === slug);
  if (known) return known.name;
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const HEX = /^#([0-9a-f]{6})$/i;
const FALLBACK_ACCENT = '#a5529f';

/** The store's accent colour if it is a valid #rrggbb, else the brand colour. Used for decoration only. */
export const safeAccent = (color: string | null | undefined) => (color && HEX.test(color) ? color : FALLBACK_ACCENT);

/** Black or white, whichever reads better on the accent colour (WCAG relative luminance). */
export function textOnAccent(color: string): '#000000' | '#ffffff' {
  const hex = safeAccent(color).slice(1);
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}

/** Up to two initials of a store name for its avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0][0], words[1][0]] : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}
