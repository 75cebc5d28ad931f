import { ApiError } from '../../../lib/api-client';
import { formatDate, readerLocale } from '@/shared/format';

export { formatMoney } from '@/shared/format';

/** A calendar day as the API sends it ('YYYY-MM-DD'), read as a local date so no timezone shifts it. */
function localDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

/** '2026-03-31' or an ISO timestamp -> '31 Mar 2026' (in the reader's locale, en-IE without one). */
export const formatDay = (value: string) => formatDate(value);

/** '2026-03-31' -> '31 Mar': the chart's axis. */
export const formatShortDay = (day: string) => new Intl.DateTimeFormat(readerLocale(), { month: 'short', day: 'numeric' }).format(localDay(day));

/** A payout period 'YYYY-MM' -> 'March 2026'. */
export const formatPeriod = (period: string) => new Intl.DateTimeFormat(readerLocale(), { month: 'long', year: 'numeric' }).format(localDay(`${period}-01`));

/** The creator has no store yet: the sales API answers 404 (or 403) with code no_store. */
export const isNoStore = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403) && error.body?.code === 'no_store';
