/**
 * The review state of a content item (SPEC §3, §4): nothing is public before a moderator approves
 * it. 'pending_review' on upload → 'approved' (live in the store) or 'rejected' with a reason (the
 * creator may change the item and resubmit, or appeal); approved content can be taken down
 * ('removed'), and an upheld appeal restores it.
 */
export const REVIEW_STATUSES = ['pending_review', 'approved', 'rejected', 'removed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export type ReviewEvent =
  | { type: 'approve' }
  | { type: 'reject'; reason: string }
  | { type: 'resubmit' }
  | { type: 'remove'; reason: string }
  | { type: 'restore' };

export type Transition = { ok: true; status: ReviewStatus } | { ok: false; message: string };

const LABELS: Record<ReviewStatus, string> = {
  pending_review: 'Pending Review',
  approved: 'Approved',
  rejected: 'rejected',
  removed: 'Removed',
};

/** The label the product shows (SPEC §3 spells them 'Pending Review', 'Approved', 'rejected'). */
export const reviewLabel = (status: ReviewStatus) => LABELS[status];

const ALLOWED: Record<ReviewEvent['type'], ReviewStatus[]> = {
  approve: ['pending_review'],
  reject: ['pending_review'],
  resubmit: ['rejected'],
  // Admins may remove content without notice, whatever its state (except already removed).
  remove: ['pending_review', 'approved', 'rejected'],
  restore: ['removed'],
};

const TARGET: Record<ReviewEvent['type'], ReviewStatus> = {
  approve: 'approved',
  reject: 'rejected',
  resubmit: 'pending_review',
  remove: 'removed',
  restore: 'approved',
};

export function transition(from: ReviewStatus, event: ReviewEvent): Transition {
  if (!ALLOWED[event.type].includes(from)) {
    return { ok: false, message: `Cannot ${event.type} content that is ${LABELS[from]}` };
  }
  if ((event.type === 'reject' || event.type === 'remove') && event.reason.trim().length < 5) {
    return { ok: false, message: 'A reason of at least 5 characters is required' };
  }
  return { ok: true, status: TARGET[event.type] };
}

/** Only approved content is visible to anyone but its creator and staff. */
export const isPublic = (status: ReviewStatus) => status === 'approved';

/** An item's files may be added or removed only while nobody reviews or sees it: a draft, or rejected. */
export const mediaEditable = (status: 'draft' | ReviewStatus) => status === 'draft' || status === 'rejected';
