import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Clock, JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { MessagePurchaseQuery, type MessagePurchase } from '#app/commerce';
import type { Conversation } from '../../domain/conversation.js';
import { Message } from '../../domain/message.js';
import { messageId } from '../../domain/message-ids.js';
import { previewOf } from '../../domain/message-text.js';
import {
  MessagingStore,
  type MessageRepository,
  type MessagingRepositories,
} from '../../repositories/messaging-store.js';
import { MessageArrivals, type Arrived } from '../../realtime/message-arrivals.js';

export type MessagePurchaseOutcome =
  'unlocked' | 'unlock_removed' | 'tip_shown' | 'delivered' | 'blocked' | 'unchanged' | 'skipped';

type Followed = { outcome: MessagePurchaseOutcome; arrived?: Arrived };

/** The message a purchase names, in its conversation (a tip names none). */
const messageOf = (messages: MessageRepository, purchase: MessagePurchase) =>
  purchase.messageId ? messages.byId(purchase.conversationId, purchase.messageId) : Promise.resolve(null);

/**
 * Follows commerce's purchases that concern a conversation (commerce's outbox, after the commit
 * that changed one). It reads the purchase as it is now and makes messaging agree, so a replayed
 * job, a replayed webhook or jobs arriving out of order change nothing twice:
 * - 'message' paid: the message is unlocked for its buyer; refunded or charged back: the unlock is
 *   taken back. A capture that arrives after the creator withdrew the message still unlocks it: the
 *   buyer paid, and a buyer keeps a withdrawn message (issue 22, unsend).
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
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MessagingStore) private readonly store: MessagingStore,
    @Inject(MessageArrivals) private readonly arrivals: MessageArrivals,
  ) {}

  async handle({ purchaseId }: JobData<'payments', 'message-purchase-changed'>): Promise<MessagePurchaseOutcome> {
    const purchase = await this.queries.execute(new MessagePurchaseQuery(purchaseId));
    if (!purchase) return 'skipped';
    const paid = purchase.status === 'paid';
    const reversed = purchase.status === 'refunded' || purchase.status === 'charged_back';
    if (!paid && !reversed) return 'skipped';
    // The conversation's lock (taken by find) orders this with sends, reads and a block in the same conversation.
    const result = await this.store.transaction(async (repositories): Promise<Followed> => {
      const conversation = await repositories.conversations.find(purchase.conversationId);
      if (!conversation) return { outcome: 'skipped' };
      if (purchase.kind === 'message')
        return {
          outcome: paid
            ? await this.unlock(repositories.messages, purchase)
            : await this.removeUnlock(repositories.messages, purchase),
        };
      if (!paid) return { outcome: 'unchanged' };
      if (conversation.blocked) return { outcome: 'blocked' };
      return purchase.kind === 'tip'
        ? this.showTip(repositories, conversation, purchase)
        : this.deliverHeld(repositories, conversation, purchase);
    });
    if (result.arrived) await this.arrivals.announce(result.arrived);
    return result.outcome;
  }

  private async unlock(messages: MessageRepository, purchase: MessagePurchase): Promise<MessagePurchaseOutcome> {
    const message = await messageOf(messages, purchase);
    if (!message) return 'unchanged';
    const unlocked = message.unlock({
      buyerId: purchase.buyerId,
      purchaseId: purchase.id,
      purchaseCreatedAt: purchase.createdAt,
      amount: { amountMinor: purchase.amountMinor, currency: purchase.currency },
      unlockedAt: purchase.paidAt ?? this.clock.now(),
    });
    if (!unlocked) return 'unchanged';
    await messages.save(message);
    return 'unlocked';
  }

  private async removeUnlock(messages: MessageRepository, purchase: MessagePurchase): Promise<MessagePurchaseOutcome> {
    const message = await messageOf(messages, purchase);
    if (!message?.removeUnlock(purchase.id)) return 'unchanged';
    await messages.save(message);
    return 'unlock_removed';
  }

  private async showTip(
    { conversations, messages }: MessagingRepositories,
    conversation: Conversation,
    purchase: MessagePurchase,
  ): Promise<Followed> {
    const now = this.clock.now();
    const tip = Message.tip({
      id: messageId(now),
      createdAt: now,
      conversationId: conversation.id,
      senderId: purchase.buyerId,
      purchaseId: purchase.id,
      note: purchase.note,
      amount: { amountMinor: purchase.amountMinor, currency: purchase.currency },
    });
    if (!(await messages.add(tip)).stored) return { outcome: 'unchanged' };
    const body = tip.snapshot().body;
    const arrival = conversation.receive({
      id: tip.id,
      senderId: purchase.buyerId,
      at: now,
      preview: body ? previewOf(body, 0) : 'Sent a tip',
    });
    await conversations.save(conversation);
    return { outcome: 'tip_shown', arrived: { conversationId: conversation.id, messageId: tip.id, ...arrival } };
  }

  private async deliverHeld(
    { conversations, messages }: MessagingRepositories,
    conversation: Conversation,
    purchase: MessagePurchase,
  ): Promise<Followed> {
    const message = await messageOf(messages, purchase);
    if (!message || !message.release()) return { outcome: 'unchanged' };
    await messages.save(message);
    const { body, attachments } = message.snapshot();
    const arrival = conversation.receive({
      id: message.id,
      senderId: message.senderId,
      at: this.clock.now(),
      preview: previewOf(body, attachments.length),
    });
    await conversations.save(conversation);
    return { outcome: 'delivered', arrived: { conversationId: conversation.id, messageId: message.id, ...arrival } };
  }
}
