import type { ModerationCase } from './admin.types';

export type DeadlineStage = ModerationCase['stage'];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A span of time for a countdown: '2 d 5 h', '2 h 10 min', '4 min 09 s', '12 s'. */
export function formatSpan(ms: number): string {
  const abs = Math.abs(ms);
  const days = Math.floor(abs / DAY);
  const hours = Math.floor((abs % DAY) / HOUR);
  const minutes = Math.floor((abs % HOUR) / MINUTE);
  const seconds = Math.floor((abs % MINUTE) / SECOND);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
  return `${seconds} s`;
}

export interface Countdown {
  stage: DeadlineStage;
  remainingMs: number;
  text: string;
}

/**
 * Where a case stands against its deadline at `now`. The server measured `remainingMs` when the data
 * was fetched (`fetchedAt`), so a browser clock that is off does not move the deadline. As on the
 * server, the last quarter of the allowed time is the warning stage.
 */
export function countdown(
  item: Pick<ModerationCase, 'openedAt' | 'dueAt' | 'remainingMs'>,
  fetchedAt: number,
  now: number,
): Countdown {
  const remainingMs = item.remainingMs - Math.max(0, now - fetchedAt);
  const allowed = new Date(item.dueAt).getTime() - new Date(item.openedAt).getTime();
  const stage: DeadlineStage = remainingMs <= 0 ? 'overdue' : remainingMs <= allowed / 4 ? 'warn' : 'on_time';
  const text = remainingMs <= 0 ? `overdue by ${formatSpan(remainingMs)}` : `${formatSpan(remainingMs)} left`;
  return { stage, remainingMs, text };
}
