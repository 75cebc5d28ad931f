import { Query } from '@nestjs/cqrs';

/**
 * Commerce's port to posts sold to unlock (issue 35). Posts depends on commerce, so commerce asks
 * through a query it defines and posts answers (a handler in posts' module), as it does for messages
 * (message-offers.ts). A query no module answers fails, and the purchase with it.
 */

/** A pay-to-unlock post as the checkout sells it to one buyer, at the post's price in its currency. */
export interface PostOffer {
  postId: string;
  /** The post's creator; the sale is booked to their store. */
  sellerId: string;
  priceMinor: number;
  currency: string;
}

export type PostOfferAnswer =
  | { offer: PostOffer }
  /**
   * not_found: no published pay-to-unlock post by that id that the buyer may see; own: the buyer made it;
   * unlocked: they paid for it already; blocked: a block stands between the buyer and its creator.
   */
  | { refused: 'not_found' | 'own' | 'unlocked' | 'blocked' };

/** The post `postId` as `buyerId` may pay to unlock it now. */
export class PostOfferQuery extends Query<PostOfferAnswer> {
  constructor(
    readonly buyerId: string,
    readonly postId: string,
  ) {
    super();
  }
}

/**
 * Which of `postIds` the buyer unlocked: they hold a paid purchase of it (a refunded or charged-back one
 * unlocks nothing). Commerce answers; posts asks once per page of posts, and keeps no copy.
 */
export class UnlockedPostsQuery extends Query<string[]> {
  constructor(
    readonly buyerId: string,
    readonly postIds: readonly string[],
  ) {
    super();
  }
}
