import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessagingStore } from '../../repositories/messaging-store.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';
import { unreadCounts } from '../../queries/unread-counts/unread-counts.queries.js';
import { MarkReadCommand, type ReadView } from './mark-read.command.js';

@CommandHandler(MarkReadCommand)
export class MarkReadHandler implements ICommandHandler<MarkReadCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MessagingStore) private readonly store: MessagingStore,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async execute({ conversationId, userId, messageId }: MarkReadCommand): Promise<ReadView> {
    const now = this.clock.now();
    // The conversation's lock (taken by find) orders this recount with the sends that grow the counter.
    const result = await this.store.transaction(async ({ conversations, messages }) => {
      const conversation = await conversations.find(conversationId);
      if (!conversation?.memberRole(userId)) throw MessagingErrors.conversationNotFound();
      const message = await messages.byId(conversationId, messageId);
      if (!message) throw MessagingErrors.messageNotFound();
      const named = { id: message.id, at: message.snapshot().createdAt };
      if (!conversation.readsPast(userId, named)) return { moved: false, read: conversation.readStateOf(userId) };
      conversation.markRead(
        userId,
        named,
        await messages.unreadFrom(conversationId, conversation.otherMember(userId), named),
        now,
      );
      await conversations.save(conversation);
      return { moved: true, read: conversation.readStateOf(userId) };
    });
    const totals = await unreadCounts(this.orm.em.fork(), userId);
    const view = {
      conversationId,
      lastReadMessageId: result.read.lastReadMessageId!,
      unreadCount: result.read.unreadCount,
      total: totals.total,
    };
    if (result.moved) {
      await this.realtime.read({
        conversationId,
        userId,
        messageId: view.lastReadMessageId,
        readAt: now.toISOString(),
      });
      await this.realtime.unread(userId, { total: totals.total, conversationId, unread: view.unreadCount });
    }
    return view;
  }
}
