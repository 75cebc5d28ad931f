import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  ConversationBlockQuery,
  MessageOfferQuery,
  TipConversationQuery,
  type MessageOfferAnswer,
} from '#app/commerce';
import { Conversation } from '../../entities/conversation.entity.js';
import { ConversationMember } from '../../entities/conversation-member.entity.js';
import { MessageReads } from '../../queries/message-views/message-views.queries.js';
import { blockedBetween } from '../conversation-members/conversation-members.queries.js';
import { MessagingSettings } from '../messaging-settings/messaging-settings.js';

/**
 * Messaging's answer to commerce's port (commerce defines the query, messaging handles it): the
 * priced message a fan may unlock, or the held message whose price per message its sender pays.
 * Read as the message is now; a withdrawn message is not for sale.
 */
@QueryHandler(MessageOfferQuery)
export class MessageOfferHandler implements IQueryHandler<MessageOfferQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MessageReads) private readonly messages: MessageReads,
    @Inject(MessagingSettings) private readonly settings: MessagingSettings,
  ) {}

  async execute({ buyerId, messageId, kind }: MessageOfferQuery): Promise<MessageOfferAnswer> {
    const em = this.orm.em.fork();
    const row = await this.messages.byIdAnywhere(em, messageId);
    const conversation = row && (await em.findOne(Conversation, row.conversation_id));
    if (!row || !conversation?.memberRole(buyerId)) return { refused: 'not_found' };
    // A block closes every paid path into the conversation: an unlock, and the fee that would deliver a held message.
    if ((await em.count(ConversationMember, { conversationId: conversation.id, blockedAt: { $ne: null } })) > 0)
      return { refused: 'blocked' };
    const base = { messageId: row.id, messageCreatedAt: new Date(row.created_at), conversationId: row.conversation_id };
    if (kind === 'message_fee') {
      // The buyer's own message, held for the creator's price per message, at the price in force when it was sent.
      if (row.sender_id !== buyerId || row.status !== 'awaiting_payment') return { refused: 'not_found' };
      const seller = conversation.creatorId;
      if (row.fee_minor !== null)
        return { offer: { ...base, sellerId: seller, priceMinor: Number(row.fee_minor), currency: row.fee_currency! } };
      // Held before fees were kept with the message: the setting's price, as then.
      const setting = await this.settings.of(conversation.creatorId);
      if (setting.audience !== 'paid') return { refused: 'not_found' };
      return {
        offer: {
          ...base,
          sellerId: conversation.creatorId,
          priceMinor: setting.priceMinor!,
          currency: setting.currency!,
        },
      };
    }
    if (row.price_minor === null || row.status !== 'sent') return { refused: 'not_found' };
    if (row.sender_id === buyerId) return { refused: 'own' };
    if (row.withdrawn_at !== null) return { refused: 'not_found' };
    if (await this.messages.unlockedBy(em, row.id, buyerId)) return { refused: 'unlocked' };
    // The buyer owns every item in it (bought, or in their live subscription): it opens free for them and is never sold to them.
    const [view] = await this.messages.views(em, [row], buyerId);
    if (!view.locked) return { refused: 'owned' };
    return {
      offer: { ...base, sellerId: row.sender_id, priceMinor: Number(row.price_minor), currency: row.currency! },
    };
  }
}

/** A tip shown in a conversation: only the tipping fan's own conversation with that creator. */
@QueryHandler(TipConversationQuery)
export class TipConversationHandler implements IQueryHandler<TipConversationQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ buyerId, creatorId, conversationId }: TipConversationQuery): Promise<boolean> {
    const conversation = await this.orm.em.fork().findOne(Conversation, conversationId);
    return conversation !== null && conversation.fanId === buyerId && conversation.creatorId === creatorId;
  }
}

/** A block in the fan's conversation with this creator, either side (none without a conversation). */
@QueryHandler(ConversationBlockQuery)
export class ConversationBlockHandler implements IQueryHandler<ConversationBlockQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ fanId, creatorId }: ConversationBlockQuery): Promise<boolean> {
    return blockedBetween(this.orm.em.fork(), fanId, creatorId);
  }
}
