import type { ReviewStatus } from './review-state.js';

/**
 * Order, cover and teaser are presentation, not content: they change without a new review, in any
 * state but removed. The order alone stays still while a moderator reviews the item, because a
 * decision such as "photos 2 and 4" must point at the photos the creator then sees under 2 and 4.
 */
export type PresentationChange = 'order' | 'cover' | 'teaser';

export function presentationRefusal(status: 'draft' | ReviewStatus, change: PresentationChange): string | null {
  if (status === 'removed') return 'Removed content cannot be changed';
  if (change === 'order' && status === 'pending_review')
    return 'The order is fixed while the item is in review, so the numbers a moderator cites stay right; change it once the review is done';
  return null;
}

/**
 * A requested order must name every file of the item exactly once. Answers the problem, or null
 * when `requested` is a permutation of `current`.
 */
export function orderProblem(current: readonly string[], requested: readonly string[]): string | null {
  const known = new Set(current);
  const seen = new Set<string>();
  for (const id of requested) {
    if (!known.has(id)) return `${id} is not a file of this item`;
    if (seen.has(id)) return `${id} is listed more than once`;
    seen.add(id);
  }
  const missing = current.filter((id) => !seen.has(id));
  if (missing.length > 0) return `Every file of the item must be listed; missing ${missing.join(', ')}`;
  return null;
}

/** The cover an album shows: the chosen photo while it is one of its ready photos, else the first ready one. */
export function effectiveCover<T extends { id: string; status: string; mediaType: string }>(
  chosen: string | null,
  ordered: readonly T[],
): T | null {
  const photos = ordered.filter((file) => file.status === 'ready' && file.mediaType === 'image');
  return photos.find((file) => file.id === chosen) ?? photos[0] ?? null;
}

/** 1, 2, 3… over the processed files in the creator's order, so creator, moderator and buyer count alike. */
export function numbering<T extends { status: string }>(ordered: readonly T[]): (number | null)[] {
  let next = 0;
  return ordered.map((file) => (file.status === 'ready' ? ++next : null));
}
