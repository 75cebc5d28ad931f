import { ApiError } from '../../../lib/api-client';

export { formatMoney } from '../../creator-studio/services/money';

/** A calendar day as the API sends it ('YYYY-MM-DD'), read as a local date so no timezone shifts it. */
function localDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const shortDayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

/** '2026-03-31' or an ISO timestamp -> 'Mar 31, 2026' (in the reader's locale). */
export const formatDay = (value: string) =>
  dayFormat.format(/^\d{4}-\d{2}-\d{2}$/.test(value) ? localDay(value) : new Date(value));

/** '2026-03-31' -> 'Mar 31': the chart's axis. */
export const formatShortDay = (day: string) => shortDayFormat.format(localDay(day));

/** A payout period 'YYYY-MM' -> 'March 2026'. */
export const formatPeriod = (period: string) => monthFormat.format(localDay(`${period}-01`));

/** The creator has no store yet: the sales API answers 404 (or 403) with code no_store. */
export const isNoStore = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403) && error.body?.code === 'no_store';
