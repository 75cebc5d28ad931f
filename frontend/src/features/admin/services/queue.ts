import { formatTime } from '@/shared/format';

/** The queue's working order: earliest time first, items without one last (the sort is stable). */
export function earliestFirst<T>(items: readonly T[], timeOf: (item: T) => string | null): T[] {
  const time = (item: T) => {
    const iso = timeOf(item);
    return iso ? new Date(iso).getTime() : Number.MAX_SAFE_INTEGER;
  };
  return [...items].sort((a, b) => time(a) - time(b));
}

/** " until 10:30" for a live claim (the server says when it lapses), else "". */
export function claimUntil(expiresAt: string | null): string {
  return expiresAt ? ` until ${formatTime(expiresAt)}` : '';
}
