import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { MessagePurchaseQuery, type MessagePurchase } from '../../ports/message-offers.js';
import type { PurchaseStatus } from '../../domain/purchase.js';

interface Row {
  id: string;
  created_at: Date;
  kind: MessagePurchase['kind'];
  status: PurchaseStatus;
  buyer_id: string;
  creator_id: string;
  message_id: string | null;
  message_created_at: Date | null;
  conversation_id: string;
  amount_minor: string;
  currency: string;
  message: string | null;
  paid_at: Date | null;
}

/** A purchase that names a conversation, as it is now: what messaging follows after each change (the worker's). */
@QueryHandler(MessagePurchaseQuery)
export class MessagePurchaseHandler implements IQueryHandler<MessagePurchaseQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ purchaseId }: MessagePurchaseQuery): Promise<MessagePurchase | null> {
    const [row] = await this.orm.em
      .fork()
      .execute<Row[]>(
        `select p.id, p.created_at, p.kind, p.status, p.buyer_id, p.creator_id, p.message_id, p.message_created_at, p.conversation_id, p.amount_minor, p.currency, p.message, p.paid_at
           from purchases p
        where p.id = ?::uuid and p.created_at >= uuid_v7_month_start(?::uuid) and p.created_at < uuid_v7_month_end(?::uuid) and p.conversation_id is not null`,
        [purchaseId, purchaseId, purchaseId],
      );
    if (!row) return null;
    return {
      id: row.id,
      createdAt: new Date(row.created_at),
      kind: row.kind,
      status: row.status,
      buyerId: row.buyer_id,
      creatorId: row.creator_id,
      messageId: row.message_id,
      messageCreatedAt: row.message_created_at && new Date(row.message_created_at),
      conversationId: row.conversation_id,
      amountMinor: Number(row.amount_minor),
      currency: row.currency,
      note: row.message,
      paidAt: row.paid_at && new Date(row.paid_at),
    };
  }
}
