import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PurchaseErrors } from '../../commerce.errors.js';
import { PostOfferQuery, type PostOffer, type PostOfferAnswer } from '../../ports/post-offers.js';
import { ExpireCheckouts } from '../expire-checkouts/expire-checkouts.js';

const refusal = (answer: Exclude<PostOfferAnswer, { offer: PostOffer }>): Error => {
  if (answer.refused === 'own') return PurchaseErrors.ownPost();
  if (answer.refused === 'unlocked') return PurchaseErrors.postUnlocked();
  if (answer.refused === 'blocked') return PurchaseErrors.creatorBlocked();
  return PurchaseErrors.postNotFound();
};

/** The purchase as it was written: its id, the post and the price it was written at. */
interface WrittenPostSale {
  id: string;
  postId: string;
  amountMinor: number;
  currency: string;
}

/**
 * A post sold through posts' answer to commerce's port (PostOfferQuery), as MessageSales sells
 * messages: commerce cannot read posts, so the offer is asked before the purchase is written and again
 * right after. A post deleted, made free or blocked between the two ends the new purchase before any
 * checkout opens; a change that commits after the second answer came after the purchase, which
 * completes (the buyer keeps what they paid for).
 */
@Injectable()
export class PostSales {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(ExpireCheckouts) private readonly checkouts: ExpireCheckouts,
  ) {}

  async offer(buyerId: string, postId: string): Promise<PostOffer> {
    const answer = await this.queries.execute(new PostOfferQuery(buyerId, postId));
    if ('offer' in answer) return answer.offer;
    throw refusal(answer);
  }

  /**
   * Asked again once the purchase is written: still on offer at the price written, or the purchase expires
   * (no checkout was opened for it). Unlike a message's, a post's price may be edited meanwhile.
   */
  async confirm(buyerId: string, written: WrittenPostSale): Promise<void> {
    const answer = await this.queries.execute(new PostOfferQuery(buyerId, written.postId));
    const { offer } = 'offer' in answer ? answer : { offer: null };
    if (offer && offer.priceMinor === written.amountMinor && offer.currency === written.currency) return;
    await this.checkouts.expire(written.id);
    throw 'refused' in answer ? refusal(answer) : PurchaseErrors.postPriceChanged();
  }
}
