import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MessagePurchaseQuery, type MessagePurchase } from '../../ports/message-offers.js';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';

/** A purchase that names a conversation, as it is now: what messaging follows after each change (the worker's). */
@QueryHandler(MessagePurchaseQuery)
export class MessagePurchaseHandler implements IQueryHandler<MessagePurchaseQuery> {
  constructor(@Inject(PurchaseRepository) private readonly purchases: PurchaseRepository) {}

  async execute({ purchaseId }: MessagePurchaseQuery): Promise<MessagePurchase | null> {
    const purchase = await this.purchases.find(purchaseId);
    if (
      !purchase?.conversationId ||
      purchase.kind === 'content' ||
      purchase.kind === 'subscription' ||
      purchase.kind === 'post'
    )
      return null;
    return {
      id: purchase.id,
      createdAt: purchase.createdAt,
      kind: purchase.kind,
      status: purchase.status,
      buyerId: purchase.buyerId,
      creatorId: purchase.creatorId,
      messageId: purchase.messageId,
      messageCreatedAt: purchase.messageCreatedAt,
      conversationId: purchase.conversationId,
      amountMinor: purchase.amountMinor,
      currency: purchase.currency,
      note: purchase.note,
      paidAt: purchase.paidAt,
    };
  }
}
