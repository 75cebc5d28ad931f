import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { Conversation } from '../../entities/conversation.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';
import { MessagingStore } from '../../repositories/messaging-store.js';
import { ConversationViews } from '../../queries/conversation-views.js';
import { unreadCounts } from '../../queries/unread-counts/unread-counts.queries.js';
import { MuteConversationCommand } from './mute-conversation.command.js';

@CommandHandler(MuteConversationCommand)
export class MuteConversationHandler implements ICommandHandler<MuteConversationCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MessagingStore) private readonly store: MessagingStore,
    @Inject(ConversationViews) private readonly views: ConversationViews,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async execute({ conversationId, userId, muted }: MuteConversationCommand) {
    const outcome = await this.store.transaction(async ({ conversations }) => {
      const conversation = await conversations.find(conversationId);
      if (!conversation?.memberRole(userId)) throw MessagingErrors.conversationNotFound();
      const changed = conversation.mute(userId, muted, this.clock.now());
      if (changed) await conversations.save(conversation);
      return { changed, unread: conversation.unreadOf(userId) };
    });
    const em = this.orm.em.fork();
    if (outcome.changed) {
      // The badge leaves out muted conversations: the caller's other devices update it.
      const totals = await unreadCounts(em, userId);
      await this.realtime.unread(userId, { total: totals.total, conversationId, unread: outcome.unread });
    }
    return (await this.views.build(em, userId, [await em.findOneOrFail(Conversation, conversationId)]))[0];
  }
}
