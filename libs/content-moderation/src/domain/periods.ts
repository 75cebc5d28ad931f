/** Reporting periods (SPEC §9): a monthly report by the 5th for the previous month, quarterly audits. */
export interface Period {
  kind: 'monthly' | 'quarterly';
  /** '2026-10' or '2026-Q3' */
  label: string;
  start: Date;
  end: Date;
}

/** The calendar month before the one `now` is in (UTC). */
export function previousMonth(now: Date): Period {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return {
    kind: 'monthly',
    label: `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`,
    start,
    end,
  };
}

/** The calendar quarter before the one `now` is in (UTC). */
export function previousQuarter(now: Date): Period {
  const quarterStartMonth = Math.floor(now.getUTCMonth() / 3) * 3;
  const start = new Date(Date.UTC(now.getUTCFullYear(), quarterStartMonth - 3, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), quarterStartMonth, 1));
  return {
    kind: 'quarterly',
    label: `${start.getUTCFullYear()}-Q${Math.floor(start.getUTCMonth() / 3) + 1}`,
    start,
    end,
  };
}

/** The 5th of the month after the period: the monthly report must exist by then. */
export const monthlyReportDueBy = (period: Period) =>
  new Date(Date.UTC(period.end.getUTCFullYear(), period.end.getUTCMonth(), 5));
