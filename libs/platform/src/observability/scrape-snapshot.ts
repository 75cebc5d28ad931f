/**
 * Several gauges of one scrape share one read: prom-client starts every collect() of a scrape in
 * the same tick, so the first starts the read and the others join it while it is in flight. The
 * next scrape reads anew.
 */
export function snapshotOnScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => (inFlight ??= read().finally(() => (inFlight = null)));
}
