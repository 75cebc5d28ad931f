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
export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY, locale: string = readerLocale()): string {
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
export function formatDate(value: string | Date, locale: string = readerLocale(), style: 'medium' | 'long' = 'medium'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: style }).format(toDate(value));
}

/** '2026-03-31' -> '31 March' (en-IE): near dates, where the year goes without saying. */
export function formatDayMonth(value: string | Date, locale: string = readerLocale()): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long' }).format(toDate(value));
}
