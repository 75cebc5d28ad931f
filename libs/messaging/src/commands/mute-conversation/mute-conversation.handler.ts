import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { Conversation } from '../../entities/conversation.entity.js';
import { ConversationMember } from '../../entities/conversation-member.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';
import { ConversationViews } from '../../queries/conversation-views.js';
import { unreadCounts } from '../../queries/unread-counts/unread-counts.queries.js';
import { MuteConversationCommand } from './mute-conversation.command.js';

@CommandHandler(MuteConversationCommand)
export class MuteConversationHandler implements ICommandHandler<MuteConversationCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ConversationViews) private readonly views: ConversationViews,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async execute({ conversationId, userId, muted }: MuteConversationCommand) {
    const em = this.orm.em.fork();
    const member = await em.findOne(ConversationMember, { conversationId, userId });
    const conversation = member ? await em.findOne(Conversation, conversationId) : null;
    if (!member || !conversation) throw MessagingErrors.conversationNotFound();
    const changed = muted !== (member.mutedAt !== null);
    if (changed) {
      member.mutedAt = muted ? this.clock.now() : null;
      await em.flush();
      // The badge leaves out muted conversations: the caller's other devices update it.
      const totals = await unreadCounts(em, userId);
      await this.realtime.unread(userId, { total: totals.total, conversationId, unread: member.unreadCount });
    }
    return (await this.views.build(em, userId, [conversation]))[0];
  }
}
