import { Query } from '@nestjs/cqrs';

/** What ties a fan to a creator's store, at the time of asking. */
export interface FanRelationshipView {
  /** A subscription in a paid period (a cancelled one runs to its end). */
  subscribed: boolean;
  /** A subscription at any time, lapsed or live. */
  everSubscribed: boolean;
  /** A paid purchase of anything from the store (an item, a subscription period, a tip) not refunded or charged back. */
  bought: boolean;
  /** The store is in the fan's favourites. */
  favourite: boolean;
}

/** The fan's ties to the creator's store; all false when the creator has no store. */
export class FanRelationshipQuery extends Query<FanRelationshipView> {
  constructor(
    readonly creatorId: string,
    readonly fanId: string,
  ) {
    super();
  }
}
