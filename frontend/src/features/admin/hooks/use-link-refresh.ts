/** A media error right after a fetch is not an expired link: don't refetch in a loop. */
const MIN_REFETCH_GAP_MS = 10_000;

/** What to call when a signed link (image, video) fails: fetch the record again for fresh links, at most every ten seconds. */
export function useLinkRefresh(query: { dataUpdatedAt: number; refetch: () => unknown }): () => void {
  return () => {
    if (Date.now() - query.dataUpdatedAt > MIN_REFETCH_GAP_MS) void query.refetch();
  };
}
