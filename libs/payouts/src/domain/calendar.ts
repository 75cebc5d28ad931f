/** Calendar rules of payouts, all in UTC: days are 'YYYY-MM-DD', periods 'YYYY-MM'. */

export const HOLD_DAYS = 21;
export const CLEAN_HISTORY_MONTHS = 4;

export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

export const periodOf = (date: Date): string => date.toISOString().slice(0, 7);

/** The last calendar day of the month `date` falls in. */
export function lastDayOfMonth(date: Date): string {
  return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
}

export function isLastDayOfMonth(date: Date): boolean {
  return dayOf(date) === lastDayOfMonth(date);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** Same day of the month `months` later, clamped to that month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** 'YYYY-MM' → its last calendar day. */
export function cutoffOf(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return dayOf(new Date(Date.UTC(year, month, 0)));
}

export function previousPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return periodOf(new Date(Date.UTC(year, month - 2, 1)));
}

export const isPeriod = (value: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
