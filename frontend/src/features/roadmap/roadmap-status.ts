/** Status of a roadmap entry, judged against a fixed reference date (SPEC §4), never today's date. */
export type RoadmapStatus = 'completed' | 'current' | 'upcoming';

/** A calendar day with a 1-based month, so no Date (and no time zone) is involved. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The roadmap is written as of 2 May 2025; statuses stay fixed whenever the page is built or viewed. */
export const ROADMAP_REFERENCE_DATE: CalendarDay = { year: 2025, month: 5, day: 2 };

export const STATUS_BADGE: Record<RoadmapStatus, string | null> = {
  completed: 'Completed',
  current: 'In Progress',
  upcoming: null,
};

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** First day of the period a label names: 'Q3 2025' → 1 Jul 2025, 'October 2023' → 1 Oct 2023, '2026' → 1 Jan 2026. */
export function parsePeriodStart(label: string): CalendarDay {
  const text = label.trim().replace(/\s+/g, ' ');
  const quarter = /^Q([1-4]) (\d{4})$/i.exec(text);
  if (quarter) return { year: Number(quarter[2]), month: (Number(quarter[1]) - 1) * 3 + 1, day: 1 };
  const month = /^([a-z]+) (\d{4})$/i.exec(text);
  const monthIndex = month ? MONTHS.indexOf(month[1].toLowerCase()) : -1;
  if (month && monthIndex >= 0) return { year: Number(month[2]), month: monthIndex + 1, day: 1 };
  const year = /^(\d{4})$/.exec(text);
  if (year) return { year: Number(year[1]), month: 1, day: 1 };
  throw new Error(
    `Roadmap date label "${label}" is not understood; use a quarter ('Q3 2025'), a month ('October 2023') or a year ('2026').`,
  );
}

const dayNumber = (d: CalendarDay) => d.year * 10_000 + d.month * 100 + d.day;
const quarterOf = (d: CalendarDay) => d.year * 4 + Math.floor((d.month - 1) / 3);

/** Upcoming if the period starts after the reference date, current if it starts in the same quarter, otherwise completed. */
export function roadmapStatus(label: string, reference: CalendarDay = ROADMAP_REFERENCE_DATE): RoadmapStatus {
  const start = parsePeriodStart(label);
  if (dayNumber(start) > dayNumber(reference)) return 'upcoming';
  if (quarterOf(start) === quarterOf(reference)) return 'current';
  return 'completed';
}
