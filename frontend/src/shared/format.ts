/**
 * Money and dates as the reader expects them: the browser's locale, or Irish English (the
 * operator's, so day-month dates and euros) when there is none. Amounts are integer minor units.
 */
export const FALLBACK_LOCALE = 'en-IE';
export const DEFAULT_CURRENCY = 'EUR';

export function readerLocale(): string {
  const preferred = typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language);
  if (!preferred) return FALLBACK_LOCALE;
  try {
    return Intl.getCanonicalLocales(preferred)[0] ?? FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE;
  }
}

/** 1999, 'EUR' -> '€19.99' (en-IE), '19,99 €' (de-DE). */
export function formatMoney(
  minor: number,
  currency: string = DEFAULT_CURRENCY,
  locale: string = readerLocale(),
): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day ('YYYY-MM-DD') is read as that local day, so no time zone moves it; anything else is an instant. */
function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  if (DAY.test(value)) {
    const [year, month, day] = value.split('-').map(Number);
    return new Date(year, month - 1, day);
  }
  return new Date(value);
}

/** '2026-03-31' -> '31 Mar 2026' (en-IE), 'Mar 31, 2026' (en-US). */
export function formatDate(
  value: string | Date,
  locale: string = readerLocale(),
  style: 'medium' | 'long' = 'medium',
): string {
  const date = toDate(value);
  // an unreadable text is shown as sent rather than throwing a RangeError in the middle of a render
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(locale, { dateStyle: style }).format(date);
}

/** '2026-03-31' -> '31 March' (en-IE), or '31 Mar' short: near dates, where the year goes without saying. */
export function formatDayMonth(
  value: string | Date,
  locale: string = readerLocale(),
  month: 'long' | 'short' = 'long',
): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month }).format(toDate(value));
}

/** A month 'YYYY-MM' (a payout period) -> 'March 2026'. */
export function formatMonth(period: string, locale: string = readerLocale()): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(toDate(`${period}-01`));
}

/** An instant with its time, '31 Mar 2026, 14:05' (en-IE); '—' when there is none, the raw text when unreadable. */
export function formatDateTime(value: string | null | undefined, locale: string = readerLocale()): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The time of day of an instant, '14:05' (en-IE). */
export function formatTime(value: string | Date, locale: string = readerLocale()): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(toDate(value));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_MS = 24 * HOUR;

/** Compact age of a timestamp for dense tables: 'just now', '12 min ago', '3 h ago', '5 d ago', then the date. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const elapsed = now - time;
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 30 * DAY_MS) return `${Math.floor(elapsed / DAY_MS)} d ago`;
  return formatDate(iso);
}
