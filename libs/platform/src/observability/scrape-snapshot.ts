/**
 * Several gauges of one scrape share one read: the first collect() starts it, the others of the
 * same scrape (within `maxAgeMs`) get the same promise.
 */
export function snapshotOnScrape<T>(read: () => Promise<T>, maxAgeMs = 1000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > maxAgeMs) {
      const value = read();
      last = { at: Date.now(), value };
      value.catch(() => (last = null));
    }
    return last.value;
  };
}
