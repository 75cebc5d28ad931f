import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { LockMode, MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Clock, JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { MessagePurchaseQuery, type MessagePurchase } from '#app/commerce';
import { messageId } from '../../domain/message-ids.js';
import { previewOf } from '../../domain/message-text.js';
import { Conversation } from '../../entities/conversation.entity.js';
import { ConversationMember } from '../../entities/conversation-member.entity.js';
import { MessageRepository } from '../../repositories/message.repository.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';
import { unreadCounts } from '../../queries/unread-counts/unread-counts.handler.js';

export type MessagePurchaseOutcome = 'unlocked' | 'unlock_removed' | 'tip_shown' | 'delivered' | 'blocked' | 'unchanged' | 'skipped';

/** A message that reached its recipient here, to announce after the commit. */
interface Delivered {
  conversationId: string;
  messageId: string;
  recipientId: string;
  recipientUnread: number;
  recipientMuted: boolean;
}

/**
 * Follows commerce's purchases that concern a conversation (commerce's outbox, after the commit
 * that changed one). It reads the purchase as it is now and makes messaging agree, so a replayed
 * job, a replayed webhook or jobs arriving out of order change nothing twice:
 * - 'message' paid: the buyer's row in message_unlocks (the message opens for them); refunded or
 *   charged back: the row is deleted. A capture that arrives after the creator withdrew the message
 *   still unlocks it: the buyer paid, and a buyer keeps a withdrawn message (issue 22, unsend).
 * - 'tip' naming a conversation, paid: one kind 'tip' message from the fan (its client id is the
 *   purchase's, so it is stored once), delivered live with an unread count.
 * - 'message_fee' paid: the fan's held message is delivered (unread +1 for the creator, live).
 * A tip or a held message paid after a block (the checkout opened before it) is not delivered: the block
 * closes the thread ('blocked'). The payment stays booked (a refund is staff's, on request); an unlock
 * still opens, as it writes nothing into the thread.
 */
@Injectable()
@JobHandler('payments', 'message-purchase-changed')
export class FollowMessagePurchaseJob implements JobProcessor<'payments', 'message-purchase-changed'> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MessageRepository) private readonly messages: MessageRepository,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async handle({ purchaseId }: JobData<'payments', 'message-purchase-changed'>): Promise<MessagePurchaseOutcome> {
    const purchase = await this.queries.execute(new MessagePurchaseQuery(purchaseId));
    if (!purchase) return 'skipped';
    const paid = purchase.status === 'paid';
    const reversed = purchase.status === 'refunded' || purchase.status === 'charged_back';
    if (!paid && !reversed) return 'skipped';
    const result = await this.orm.em.fork().transactional(async (em) => {
      // The conversation's lock orders this with sends, reads and a block in the same conversation.
      const conversation = await em.findOne(Conversation, purchase.conversationId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!conversation) return { outcome: 'skipped' as const };
      if (purchase.kind === 'message') return { outcome: paid ? await this.unlock(em, purchase) : await this.removeUnlock(em, purchase) };
      if (!paid) return { outcome: 'unchanged' as const };
      if ((await em.count(ConversationMember, { conversationId: conversation.id, blockedAt: { $ne: null } })) > 0) return { outcome: 'blocked' as const };
      return purchase.kind === 'tip' ? this.showTip(em, conversation, purchase) : this.deliverHeld(em, conversation, purchase);
    });
    if ('delivered' in result && result.delivered) await this.announce(result.delivered);
    return result.outcome;
  }

  private async unlock(em: EntityManager, purchase: MessagePurchase): Promise<MessagePurchaseOutcome> {
    const written = await em.execute(
      `insert into message_unlocks (message_id, message_created_at, buyer_id, conversation_id, mass_message_id, purchase_id, purchase_created_at, amount_minor, currency, unlocked_at)
       select m.id, m.created_at, ?, m.conversation_id, m.mass_message_id, ?, ?, ?, ?, ? from messages m
        where m.id = ? and m.created_at = ? and m.conversation_id = ?
       on conflict do nothing returning message_id`,
      [purchase.buyerId, purchase.id, purchase.createdAt, purchase.amountMinor, purchase.currency, purchase.paidAt ?? this.clock.now(), purchase.messageId, purchase.messageCreatedAt, purchase.conversationId],
    );
    return written.length > 0 ? 'unlocked' : 'unchanged';
  }

  private async removeUnlock(em: EntityManager, purchase: MessagePurchase): Promise<MessagePurchaseOutcome> {
    const deleted = await em.execute(`delete from message_unlocks where purchase_id = ? returning message_id`, [purchase.id]);
    return deleted.length > 0 ? 'unlock_removed' : 'unchanged';
  }

  private async showTip(em: EntityManager, conversation: Conversation, purchase: MessagePurchase) {
    const now = this.clock.now();
    const id = messageId(now);
    const body = purchase.note ?? '';
    const inserted = await this.messages.insert(em, {
      id,
      createdAt: now,
      conversationId: conversation.id,
      senderId: purchase.buyerId,
      clientId: `tip-${purchase.id}`,
      body,
      attachments: [],
      kind: 'tip',
      tip: { amountMinor: purchase.amountMinor, currency: purchase.currency },
    });
    if (!inserted.stored) return { outcome: 'unchanged' as const };
    return { outcome: 'tip_shown' as const, delivered: await this.arrived(em, conversation, purchase.buyerId, id, now, body ? previewOf(body, 0) : 'Sent a tip') };
  }

  private async deliverHeld(em: EntityManager, conversation: Conversation, purchase: MessagePurchase) {
    const released = await em.execute<{ body: string; attachment_count: number }[]>(
      `update messages set status = 'sent' where id = ? and created_at = ? and conversation_id = ? and status = 'awaiting_payment' returning body, attachment_count`,
      [purchase.messageId, purchase.messageCreatedAt, conversation.id],
    );
    if (released.length === 0) return { outcome: 'unchanged' as const };
    const at = this.clock.now();
    return { outcome: 'delivered' as const, delivered: await this.arrived(em, conversation, purchase.buyerId, purchase.messageId!, at, previewOf(released[0].body, released[0].attachment_count)) };
  }

  /** The message reached the other member: their unread count grows and it leads the conversation. */
  private async arrived(em: EntityManager, conversation: Conversation, senderId: string, id: string, at: Date, preview: string): Promise<Delivered> {
    const members = await em.find(ConversationMember, { conversationId: conversation.id });
    const recipient = members.find((member) => member.userId !== senderId)!;
    recipient.unreadCount += 1;
    conversation.lastActivityAt = at;
    conversation.lastMessageId = id;
    conversation.lastMessageAt = at;
    conversation.lastSenderId = senderId;
    conversation.lastPreview = preview;
    return { conversationId: conversation.id, messageId: id, recipientId: recipient.userId, recipientUnread: recipient.unreadCount, recipientMuted: recipient.mutedAt !== null };
  }

  /** After the commit, as a send announces: the message on the conversation's channel, the badge on the recipient's. */
  private async announce(delivered: Delivered): Promise<void> {
    const em = this.orm.em.fork();
    const row = await this.messages.byId(em, delivered.conversationId, delivered.messageId);
    if (!row) return;
    await this.realtime.message((await this.messages.views(em, [row], null))[0]);
    if (!delivered.recipientMuted) {
      const totals = await unreadCounts(em, delivered.recipientId);
      await this.realtime.unread(delivered.recipientId, { total: totals.total, conversationId: delivered.conversationId, unread: delivered.recipientUnread });
    }
  }
}
