import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PurchaseErrors } from '../../commerce.errors.js';
import { MessageOfferQuery, type MessageOffer, type MessageOfferAnswer } from '../../ports/message-offers.js';
import { ExpireCheckouts } from '../expire-checkouts/expire-checkouts.js';

type MessageKind = 'message' | 'message_fee';

const refusal = (answer: Exclude<MessageOfferAnswer, { offer: MessageOffer }>): Error => {
  if (answer.refused === 'own') return PurchaseErrors.ownMessage();
  if (answer.refused === 'unlocked') return PurchaseErrors.alreadyUnlocked();
  if (answer.refused === 'owned') return PurchaseErrors.messageItemsOwned();
  if (answer.refused === 'blocked') return PurchaseErrors.conversationBlocked();
  return PurchaseErrors.messageNotFound();
};

/**
 * A message sold through messaging's answer to commerce's port (MessageOfferQuery). Commerce cannot
 * read messages, so the purchase statement cannot hold the check itself: the offer is asked before
 * the purchase is written and again right after. A withdrawal (or block) that committed between the
 * two ends the new purchase before any checkout opens; one that commits after the second answer came
 * after the purchase, which completes as any placed before an unsend (the buyer keeps what they paid).
 */
@Injectable()
export class MessageSales {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(ExpireCheckouts) private readonly checkouts: ExpireCheckouts,
  ) {}

  async offer(buyerId: string, messageId: string, kind: MessageKind): Promise<MessageOffer> {
    const answer = await this.queries.execute(new MessageOfferQuery(buyerId, messageId, kind));
    if ('offer' in answer) return answer.offer;
    throw refusal(answer);
  }

  /** Asked again once the purchase is written: still on offer, or the purchase expires (no checkout was opened for it). */
  async confirm(buyerId: string, messageId: string, kind: MessageKind, purchaseId: string): Promise<void> {
    const answer = await this.queries.execute(new MessageOfferQuery(buyerId, messageId, kind));
    if ('offer' in answer) return;
    await this.checkouts.expire(purchaseId);
    throw refusal(answer);
  }
}
