/**
 * The claim rule every staff review queue shares (content review, ID verification, moderation
 * cases): a claim is exclusive for 30 minutes, then the item returns to the queue; deciding needs
 * your own live claim; and nobody claims or decides their own work (an item they submitted, a case
 * they filed, one about their own content or account). Modules pass who "owns" an item; the rule
 * lives here once, with its SQL twin for the queue queries.
 */
export const REVIEW_CLAIM_TTL_MS = 30 * 60 * 1000;

export interface ReviewClaim {
  claimedBy: string | null;
  claimedAt: Date | null;
}

export type ClaimStep = 'claim' | 'release' | 'decide';
export type ClaimRefusal = 'own_work' | 'claimed_by_other' | 'not_claimed';

/** Who holds the item now (null when nobody does or the claim has timed out). */
export function liveClaimant(claim: ReviewClaim, now: Date): string | null {
  return claim.claimedBy !== null &&
    claim.claimedAt !== null &&
    now.getTime() - claim.claimedAt.getTime() < REVIEW_CLAIM_TTL_MS
    ? claim.claimedBy
    : null;
}

/** Why `staffId` may not take this step (null: go ahead). `owners` are the users whose work the item is. */
export function claimRefusal(
  claim: ReviewClaim,
  step: ClaimStep,
  staffId: string,
  owners: readonly (string | null)[],
  now: Date,
): ClaimRefusal | null {
  if (owners.includes(staffId)) return 'own_work';
  const holder = liveClaimant(claim, now);
  if (step === 'claim') return holder !== null && holder !== staffId ? 'claimed_by_other' : null;
  if (holder === staffId) return null;
  return holder !== null ? 'claimed_by_other' : 'not_claimed';
}

/**
 * The same "not your own work" rule as a WHERE fragment for a queue: `owners` are SQL expressions
 * giving one user id each (null allowed), `ownerLists` subqueries giving several.
 */
export function notOwnWorkSql(
  staffId: string,
  owners: readonly string[],
  ownerLists: readonly string[] = [],
): { sql: string; params: string[] } {
  const parts = [
    ...owners.map((expression) => `(${expression}) is distinct from ?`),
    ...ownerLists.map((subquery) => `? <> all(array(${subquery}))`),
  ];
  return { sql: parts.length ? `(${parts.join(' and ')})` : 'true', params: parts.map(() => staffId) };
}

/**
 * What the viewer may do with an item, as the queues and detail pages show it: `open` (claim it),
 * `mine` (decide or release it), `taken` (someone else's live claim), `own_work` (never theirs to
 * review), `closed` (not waiting for review). `expiresAt` is when a live claim lapses.
 */
export type ClaimViewState = 'open' | 'mine' | 'taken' | 'own_work' | 'closed';
export const CLAIM_VIEW_STATES: readonly ClaimViewState[] = ['open', 'mine', 'taken', 'own_work', 'closed'];

export interface ClaimView {
  state: ClaimViewState;
  expiresAt: string | null;
}

/** The claim rule above, answered for one viewer; `reviewable` is whether the item waits for review at all. */
export function claimView(
  claim: ReviewClaim,
  viewerId: string,
  owners: readonly (string | null)[],
  reviewable: boolean,
  now: Date,
): ClaimView {
  if (!reviewable) return { state: 'closed', expiresAt: null };
  const holder = liveClaimant(claim, now);
  const expiresAt = holder !== null ? new Date(claim.claimedAt!.getTime() + REVIEW_CLAIM_TTL_MS).toISOString() : null;
  if (owners.includes(viewerId)) return { state: 'own_work', expiresAt };
  if (holder === null) return { state: 'open', expiresAt: null };
  return { state: holder === viewerId ? 'mine' : 'taken', expiresAt };
}
