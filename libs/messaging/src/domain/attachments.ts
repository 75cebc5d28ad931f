import type { ContentPurpose } from '#app/content-moderation';

/** What the recipient of a message sees of each photo or video in it. */
export const ATTACHMENT_STATES = ['released', 'pending', 'removed'] as const;
export type AttachmentState = (typeof ATTACHMENT_STATES)[number];
export type ReviewStatus = 'pending_review' | 'approved' | 'rejected' | 'removed';

/** Media nobody has reviewed is held (pending); approved opens; rejected or taken down is removed. */
export function stateOf(status: ReviewStatus): AttachmentState {
  if (status === 'approved') return 'released';
  if (status === 'pending_review') return 'pending';
  return 'removed';
}

export interface AttachableItem {
  creatorId: string;
  status: 'draft' | ReviewStatus;
  purpose: ContentPurpose;
}

export type Attachable =
  | { ok: true; source: 'store' | 'upload'; status: ReviewStatus; submit: boolean }
  | { ok: false; reason: 'not_found' | 'not_sendable'; message: string };

/**
 * May the sender attach this item? Their own approved store items go at once; their uploads made
 * for messages go as they stand (a draft is sent for review with the message); anything rejected,
 * removed, still a store draft or someone else's is refused.
 */
export function attachable(item: AttachableItem | null, senderId: string): Attachable {
  if (!item || item.creatorId !== senderId)
    return {
      ok: false,
      reason: 'not_found',
      message: 'Media not found: attach your own store items or uploads made for messages',
    };
  if (item.purpose === 'store') {
    return item.status === 'approved'
      ? { ok: true, source: 'store', status: 'approved', submit: false }
      : { ok: false, reason: 'not_sendable', message: 'Only approved items of your store can be sent' };
  }
  if (item.status === 'draft') return { ok: true, source: 'upload', status: 'pending_review', submit: true };
  if (item.status === 'pending_review' || item.status === 'approved')
    return { ok: true, source: 'upload', status: item.status, submit: false };
  return { ok: false, reason: 'not_sendable', message: `This upload was ${item.status} and cannot be sent` };
}
