import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { timeOfId } from '../../domain/message-ids.js';
import { Conversation } from '../../entities/conversation.entity.js';
import { ConversationMember } from '../../entities/conversation-member.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessageReads } from '../../queries/message-views/message-views.queries.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';
import { unreadCounts } from '../../queries/unread-counts/unread-counts.queries.js';
import { MarkReadCommand, type ReadView } from './mark-read.command.js';

/** (time, id) order of messages, as the lists sort them. */
const isAfter = (a: { at: Date; id: string }, b: { at: Date; id: string }) => a.at.getTime() > b.at.getTime() || (a.at.getTime() === b.at.getTime() && a.id > b.id);

@CommandHandler(MarkReadCommand)
export class MarkReadHandler implements ICommandHandler<MarkReadCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MessageReads) private readonly messages: MessageReads,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async execute({ conversationId, userId, messageId }: MarkReadCommand): Promise<ReadView> {
    const now = this.clock.now();
    const result = await this.orm.em.fork().transactional(async (tx) => {
      // The conversation's lock orders this recount with the sends that grow the counter.
      const conversation = await tx.findOne(Conversation, conversationId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const member = conversation ? await tx.findOne(ConversationMember, { conversationId, userId }) : null;
      if (!conversation || !member) throw MessagingErrors.conversationNotFound();
      const message = await this.messages.byId(tx, conversationId, messageId);
      if (!message) throw MessagingErrors.messageNotFound();
      const named = { id: message.id, at: new Date(message.created_at) };
      const current = member.lastReadMessageId ? { id: member.lastReadMessageId, at: timeOfId(member.lastReadMessageId)! } : null;
      if (current && !isAfter(named, current)) return { moved: false, member };
      member.lastReadMessageId = named.id;
      member.lastReadAt = now;
      member.unreadCount = await this.messages.countFrom(tx, conversationId, conversation.otherMember(userId), named);
      return { moved: true, member };
    });
    const totals = await unreadCounts(this.orm.em.fork(), userId);
    const view = { conversationId, lastReadMessageId: result.member.lastReadMessageId!, unreadCount: result.member.unreadCount, total: totals.total };
    if (result.moved) {
      await this.realtime.read({ conversationId, userId, messageId: view.lastReadMessageId, readAt: now.toISOString() });
      await this.realtime.unread(userId, { total: totals.total, conversationId, unread: view.unreadCount });
    }
    return view;
  }
}
