import { Query } from '@nestjs/cqrs';

/** Who a creator may address at once (messaging's mass messages). */
export type AudienceSegment = 'subscribers_active' | 'subscribers_expired' | 'buyers' | 'favourites';
export const AUDIENCE_SEGMENTS: readonly AudienceSegment[] = [
  'subscribers_active',
  'subscribers_expired',
  'buyers',
  'favourites',
];

export interface AudienceSelector {
  creatorId: string;
  segment: AudienceSegment;
  /** The item whose paid buyers 'buyers' names (an item of this creator); null for other segments. */
  contentId: string | null;
}

/**
 * One page of a segment's fan ids in id order, after `afterFanId` (keyset): the fans of the
 * creator's store who, at the time of asking, hold a live subscription ('subscribers_active'),
 * held one that lapsed ('subscribers_expired'), bought the item and still own it ('buyers': paid,
 * not refunded or charged back), or keep the store in their favourites. Empty without a store.
 */
export class AudiencePageQuery extends Query<string[]> {
  constructor(
    readonly selector: AudienceSelector,
    readonly afterFanId: string | null,
    readonly limit: number,
  ) {
    super();
  }
}

/** How many fans a segment holds now (the count a creator sees before sending). */
export class AudienceCountQuery extends Query<number> {
  constructor(readonly selector: AudienceSelector) {
    super();
  }
}
