import { PurchaseErrors } from '../../commerce.errors.js';
import type { SalesRange } from './sales.query.js';

const DAY_MS = 86_400_000;
export const MAX_RANGE_DAYS = 366;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const validDate = (text: string) => {
  const time = Date.parse(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(time) && isoDate(new Date(time)) === text;
};

/** from/to as asked, or the last 30 days (UTC) up to today; at most a year. */
export function salesRange(now: Date, from?: string, to?: string): SalesRange {
  const end = to ?? isoDate(now);
  const problems = [
    ...(from === undefined || validDate(from) ? [] : [{ field: 'from', message: 'from must be a date (YYYY-MM-DD)' }]),
    ...(validDate(end) ? [] : [{ field: 'to', message: 'to must be a date (YYYY-MM-DD)' }]),
  ];
  if (problems.length > 0) throw PurchaseErrors.invalid(problems);
  // The default start is derived from a checked `to` only (`to=0` used to throw a RangeError here: a 500).
  const start = from ?? isoDate(new Date(Date.parse(`${end}T00:00:00Z`) - 29 * DAY_MS));
  if (start > end) problems.push({ field: 'from', message: 'from must be on or before to' });
  if (problems.length === 0 && daysBetween(start, end).length > MAX_RANGE_DAYS)
    problems.push({ field: 'from', message: `Choose at most ${MAX_RANGE_DAYS} days` });
  if (problems.length > 0) throw PurchaseErrors.invalid(problems);
  return { from: start, to: end };
}

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let t = Date.parse(`${from}T00:00:00Z`);
    t <= Date.parse(`${to}T00:00:00Z`) && days.length <= MAX_RANGE_DAYS;
    t += DAY_MS
  )
    days.push(isoDate(new Date(t)));
  return days;
}
