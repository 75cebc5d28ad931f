import { formatTime } from '@/shared/format';

export function oldestFirst<T extends { submittedAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => new Date(a.submittedAt).getTime() - new Date(b.submittedAt).getTime());
}

/** " until 10:30" for a live claim (the server says when it lapses), else "". */
export function claimUntil(expiresAt: string | null): string {
  return expiresAt ? ` until ${formatTime(expiresAt)}` : '';
}
