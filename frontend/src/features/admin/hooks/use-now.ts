import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs`, so relative times ('3 h ago') stay true on an open page. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The current time for a page showing data fetched at `fetchedAt`: never older than the data, so a fresh page does not read a minute behind. */
export function useNowSince(fetchedAt: number, intervalMs = 30_000): number {
  return Math.max(useNow(intervalMs), fetchedAt);
}
