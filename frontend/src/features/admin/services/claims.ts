import type { PersonRef, VerificationItem } from './admin.types';

/** Claims lapse on the server after 30 minutes; an older claim no longer blocks anyone. */
export const CLAIM_TTL_MS = 30 * 60_000;

export type ClaimState = { kind: 'none' } | { kind: 'mine' } | { kind: 'other'; holder: PersonRef };

export function claimState(item: Pick<VerificationItem, 'claimedBy' | 'claimedAt' | 'status'>, meId: string, now = Date.now()): ClaimState {
  if (item.status !== 'processing' || !item.claimedBy) return { kind: 'none' };
  if (item.claimedAt && now - new Date(item.claimedAt).getTime() >= CLAIM_TTL_MS) return { kind: 'none' };
  return item.claimedBy.id === meId ? { kind: 'mine' } : { kind: 'other', holder: item.claimedBy };
}

export function oldestFirst<T extends { submittedAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => new Date(a.submittedAt).getTime() - new Date(b.submittedAt).getTime());
}

/** Content and cases name the claim holder by id only. */
export type HeldClaim = { kind: 'none' } | { kind: 'mine' } | { kind: 'other'; holderId: string };

/** `open` is whether the item can be claimed at all (pending review, an open case). */
export function heldClaim(item: { claimedBy: string | null; claimedAt: string | null }, open: boolean, meId: string, now = Date.now()): HeldClaim {
  if (!open || !item.claimedBy) return { kind: 'none' };
  if (item.claimedAt && now - new Date(item.claimedAt).getTime() >= CLAIM_TTL_MS) return { kind: 'none' };
  return item.claimedBy === meId ? { kind: 'mine' } : { kind: 'other', holderId: item.claimedBy };
}
