import type { AppRole } from '../entities/user.entity.js';

/** A request to make someone an admin, as the console shows it while it waits for a second admin. */
export interface PendingAdminGrant {
  requestedBy: string;
  requestedAt: string;
}

/** The pending request on an account, with its requester's role now (null when that account is gone). */
export interface AdminGrant {
  id: string;
  userId: string;
  requestedBy: string;
  requestedAt: Date;
  requesterRole: AppRole | null;
}

/**
 * What an admin's request to make someone an admin does, given the request already pending on that
 * account: a different admin's live request is approved; the same admin asking again changes nothing;
 * a request whose requester is no longer an admin lapses and this one takes its place.
 */
export type AdminGrantDecision =
  | { kind: 'approve'; grant: AdminGrant }
  | { kind: 'already_requested'; grant: AdminGrant }
  | { kind: 'request'; replaces: AdminGrant | null };

export function decideAdminGrant(pending: AdminGrant | null, actorId: string): AdminGrantDecision {
  if (pending && pending.requestedBy !== actorId && pending.requesterRole === 'admin')
    return { kind: 'approve', grant: pending };
  if (pending?.requestedBy === actorId) return { kind: 'already_requested', grant: pending };
  return { kind: 'request', replaces: pending };
}

export const pendingView = (grant: Pick<AdminGrant, 'requestedBy' | 'requestedAt'>): PendingAdminGrant => ({
  requestedBy: grant.requestedBy,
  requestedAt: grant.requestedAt.toISOString(),
});
