import type { AudienceSegment } from '#app/commerce';

/** Fans per fan-out page: one transaction each, a few hundred kilobytes of rows. */
export const FAN_OUT_PAGE = 1000;
/** Mass messages a creator may queue in a rolling day (counted in the database, under a per-creator lock). */
export const MASS_MESSAGES_PER_DAY = 10;
export const DAY_MS = 24 * 3600_000;

export type MassMessageStatus = 'queued' | 'sending' | 'sent' | 'withdrawn';

export interface MassAttachment {
  contentId: string;
  kind: 'video' | 'album';
  source: 'store' | 'upload';
}

/** 'buyers' names an item; the other segments name none. */
export function segmentProblem(segment: AudienceSegment, contentId: string | null | undefined): string | null {
  if (segment === 'buyers' && !contentId) return 'The buyers segment needs the contentId of the item they bought';
  if (segment !== 'buyers' && contentId) return 'contentId goes with the buyers segment only';
  return null;
}

/** The client id of a copy in one fan's conversation (messages.client_id, at most 64 characters). */
export const copyClientId = (massMessageId: string) => `mass:${massMessageId}`;
