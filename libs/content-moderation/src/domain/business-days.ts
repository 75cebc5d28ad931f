/**
 * Deadlines of the content policy (SPEC §9): content reports are reviewed within 48 hours,
 * takedown requests acted on within 24 hours, appeals from a depicted person resolved within
 * 7 business days. Business days are Monday to Friday in UTC; a case opened on a weekend starts
 * counting on Monday.
 */
export const REPORT_REVIEW_HOURS = 48;
export const TAKEDOWN_HOURS = 24;
export const APPEAL_BUSINESS_DAYS = 7;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function isBusinessDay(date: Date): boolean {
  const day = date.getUTCDay();
  return day !== 0 && day !== 6;
}

/**
 * The instant `days` business days after `from`: each business day that passes moves the
 * deadline one day on, weekends do not count. From a weekend, counting starts at Monday 00:00.
 */
export function addBusinessDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number >= 0');
  let cursor = new Date(from);
  while (!isBusinessDay(cursor)) cursor = startOfNextDay(cursor);
  let left = days;
  while (left > 0) {
    cursor = new Date(cursor.getTime() + DAY);
    if (isBusinessDay(cursor)) left -= 1;
  }
  return cursor;
}

function startOfNextDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1));
}

export type CaseKind = 'report' | 'takedown' | 'appeal';

/** When a case of this kind, opened at `openedAt`, must be resolved. */
export function dueAt(kind: CaseKind, openedAt: Date): Date {
  if (kind === 'report') return new Date(openedAt.getTime() + REPORT_HOURS_MS);
  if (kind === 'takedown') return new Date(openedAt.getTime() + TAKEDOWN_HOURS * HOUR);
  return addBusinessDays(openedAt, APPEAL_BUSINESS_DAYS);
}

const REPORT_HOURS_MS = REPORT_REVIEW_HOURS * HOUR;

/** Moderators are warned when a quarter of the time is left (12 h of a report, 6 h of a takedown). */
export function warnAt(openedAt: Date, due: Date): Date {
  return new Date(due.getTime() - (due.getTime() - openedAt.getTime()) / 4);
}

export type DeadlineStage = 'on_time' | 'warn' | 'overdue';

export function deadlineStage(now: Date, openedAt: Date, due: Date): DeadlineStage {
  if (now.getTime() >= due.getTime()) return 'overdue';
  if (now.getTime() >= warnAt(openedAt, due).getTime()) return 'warn';
  return 'on_time';
}
