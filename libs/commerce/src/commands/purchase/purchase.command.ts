import { Command } from '@nestjs/cqrs';
import type { PaymentMethod } from '../../payments/payment-provider.js';
import type { PurchaseKind, PurchaseView } from '../../queries/purchases/purchase-view.js';

export interface PurchaseRequest {
  kind: PurchaseKind;
  contentId?: string;
  /** kind message (and message_fee, placed by messaging): the message paid for. */
  messageId?: string;
  /** kind post: the pay-to-unlock post paid for. */
  postId?: string;
  /** kind tip: the conversation the tip is shown in (the buyer's own, with this store's creator). */
  conversationId?: string;
  storeSlug?: string;
  amountMinor?: number;
  message?: string;
  method: PaymentMethod;
  referralCode?: string;
  /** A path of ours the return page sends the fan back to after paying. */
  returnTo?: string;
}

/**
 * A fan buys an item, subscribes to a store, tips it, or unlocks a message or a post; `created` is false
 * for a replayed Idempotency-Key.
 */
export class PurchaseCommand extends Command<{ purchase: PurchaseView; created: boolean }> {
  constructor(
    readonly buyerId: string,
    readonly idempotencyKey: string,
    readonly request: PurchaseRequest,
  ) {
    super();
  }
}
