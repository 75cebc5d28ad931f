import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '#app/platform';
import { PurchaseErrors } from '../../commerce.errors.js';
import { ExpireCheckouts } from '../expire-checkouts/expire-checkouts.js';
import { purchaseView, type PurchaseView } from '../../queries/purchases/purchase-view.js';
import { PurchaseRepository, type Held } from '../../repositories/purchase.repository.js';
import type { PurchaseRequest } from './purchase.command.js';
import type { ReplayOf } from './replay.js';

const HELD_ERRORS: Record<Held, () => Error> = {
  content: PurchaseErrors.alreadyOwned,
  message: PurchaseErrors.alreadyUnlocked,
  post: PurchaseErrors.postUnlocked,
  subscription: PurchaseErrors.alreadySubscribed,
};

export const heldError = (held: Held) => HELD_ERRORS[held]();

/** What the request names of the thing held: an item's or message's or post's id, a store's slug. */
const WHAT_HELD: Record<Held, (request: PurchaseRequest) => string | undefined> = {
  content: (request) => request.contentId,
  message: (request) => request.messageId,
  post: (request) => request.postId,
  subscription: (request) => request.storeSlug,
};

/** What a takeover decided: answer the open attempt again, or start anew (the old attempt is ended). */
export type Takeover = { answer: PurchaseView } | { startAgain: true };

/**
 * A fan whose card was declined, or who left the hosted page, and clicks Buy again: their open
 * attempt (pending or requires_action) still holds the item, the message, the post or the store's subscription.
 * The same request takes them back to that attempt's hosted page (it stays open for another card);
 * another request (another method, another referral link), or one whose page has lapsed, ends the old
 * attempt so a new one can start, once (a second collision is a concurrent request's attempt). A paid
 * purchase, or a renewal in flight, is not the fan's attempt and keeps holding: the 409 as before.
 */
@Injectable()
export class Takeovers {
  constructor(
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ExpireCheckouts) private readonly checkouts: ExpireCheckouts,
  ) {}

  async takeOver(
    buyerId: string,
    held: Held,
    request: PurchaseRequest,
    replayOf: ReplayOf,
    retried: boolean,
  ): Promise<Takeover> {
    const attempt = await this.purchases.findOpenAttempt(buyerId, held, WHAT_HELD[held](request)!);
    if (!attempt) throw heldError(held);
    const lapsed = attempt.checkoutExpiresAt !== null && attempt.checkoutExpiresAt <= this.clock.now();
    if (attempt.requestHash === replayOf.fingerprint && !lapsed) return { answer: purchaseView(attempt) };
    if (retried) throw heldError(held);
    // The provider is asked first, so an attempt paid meanwhile becomes paid (and keeps holding: the next
    // insert collides again and answers 409); otherwise it expires. PaymentsUnavailable when the provider
    // cannot say: starting another checkout could charge the fan twice.
    await this.checkouts.expire(attempt.id);
    return { startAgain: true };
  }
}
