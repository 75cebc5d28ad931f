import { Query } from '@nestjs/cqrs';
import type { PurchaseStatus } from '../domain/purchase.js';

/**
 * Commerce's port to paid messages (issue 22). Commerce sells messages but must not know messaging
 * (messaging depends on commerce), so it asks through these queries, which it defines and messaging
 * answers (a handler in messaging's module). A query no module answers fails, and the purchase with it.
 */

/** A priced message as the checkout sells it to one buyer. */
export interface MessageOffer {
  messageId: string;
  messageCreatedAt: Date;
  conversationId: string;
  /** The creator who priced it; the sale is booked to their store. */
  sellerId: string;
  priceMinor: number;
  currency: string;
}

export type MessageOfferAnswer =
  | { offer: MessageOffer }
  /**
   * not_found: no such priced message for this buyer (not its recipient, withdrawn); own: the buyer sent it; unlocked: they already paid
   * for it; owned: they own every item in it already (it opens free for them); blocked: a block stands in its conversation, which
   * closes every paid path into it.
   */
  | { refused: 'not_found' | 'own' | 'unlocked' | 'owned' | 'blocked' };

/**
 * The message `messageId` as `buyerId` may pay for it now: 'message', a creator's priced message
 * its recipient unlocks; 'message_fee', the buyer's own message held until they pay the creator's
 * price per message (the price in force when it was sent).
 */
export class MessageOfferQuery extends Query<MessageOfferAnswer> {
  constructor(
    readonly buyerId: string,
    readonly messageId: string,
    readonly kind: 'message' | 'message_fee',
  ) {
    super();
  }
}

/** Is `conversationId` the buyer's own conversation with this creator (a tip shown in it)? */
export class TipConversationQuery extends Query<boolean> {
  constructor(
    readonly buyerId: string,
    readonly creatorId: string,
    readonly conversationId: string,
  ) {
    super();
  }
}

/** Does a block stand (either side) between this fan and this creator? A tip, and its note, is one more way to write to them. */
export class ConversationBlockQuery extends Query<boolean> {
  constructor(
    readonly fanId: string,
    readonly creatorId: string,
  ) {
    super();
  }
}

/** A purchase that concerns messaging: a message unlock, a price per message, or a tip shown in a conversation. */
export interface MessagePurchase {
  id: string;
  createdAt: Date;
  kind: 'message' | 'message_fee' | 'tip';
  status: PurchaseStatus;
  buyerId: string;
  creatorId: string;
  messageId: string | null;
  messageCreatedAt: Date | null;
  conversationId: string;
  amountMinor: number;
  currency: string;
  /** A tip's note. */
  note: string | null;
  paidAt: Date | null;
}

/** The purchase as it is now (messaging follows its status); null for a purchase that concerns no conversation. */
export class MessagePurchaseQuery extends Query<MessagePurchase | null> {
  constructor(readonly purchaseId: string) {
    super();
  }
}
