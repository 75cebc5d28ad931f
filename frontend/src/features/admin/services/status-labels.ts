import type { CaseStatus, ContentItem, VerificationStatus } from './admin.types';
import { outcomeLabel } from './moderation-labels';

/** How a status reads in the console: a label for people and the colour of its badge. */
export interface StatusTone {
  label: string;
  color: string;
}

export const VERIFICATION_STATUS: Record<VerificationStatus, StatusTone> = {
  processing: { label: 'Processing', color: 'blue' },
  accepted: { label: 'Accepted', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

/** SPEC §3 names the review states Pending Review and Approved; the console capitalises every state alike. */
export const CONTENT_STATUS: Record<ContentItem['status'], StatusTone> = {
  draft: { label: 'Draft', color: 'gray' },
  pending_review: { label: 'Pending Review', color: 'blue' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  removed: { label: 'Removed', color: 'gray' },
};

export const CASE_STATUS: Record<CaseStatus, StatusTone> = {
  open: { label: 'Open', color: 'blue' },
  resolved: { label: 'Resolved', color: 'gray' },
};

/** A resolved case's outcome: "no action" reads quieter than an outcome that changed something. */
export function outcomeTone(outcome: string | null): StatusTone {
  if (!outcome) return { label: 'Resolved', color: 'gray' };
  return { label: outcomeLabel(outcome), color: outcome === 'no_action' ? 'gray' : 'fanmint' };
}
