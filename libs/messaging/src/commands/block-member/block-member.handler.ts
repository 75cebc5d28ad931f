import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { Conversation } from '../../entities/conversation.entity.js';
import { ConversationMember } from '../../entities/conversation-member.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';
import { ConversationViews } from '../../queries/conversation-views.js';
import { BlockMemberCommand } from './block-member.command.js';

@CommandHandler(BlockMemberCommand)
export class BlockMemberHandler implements ICommandHandler<BlockMemberCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ConversationViews) private readonly views: ConversationViews,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async execute({ conversationId, userId, blocked }: BlockMemberCommand) {
    const em = this.orm.em.fork();
    const { conversation, changed } = await em.transactional(async (tx) => {
      // Under the conversation's lock, as sends check blocks under it: no message slips past a block.
      const found = await tx.findOne(Conversation, conversationId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const member = found ? await tx.findOne(ConversationMember, { conversationId, userId }) : null;
      if (!found || !member) throw MessagingErrors.conversationNotFound();
      const wasBlocked = member.blockedAt !== null;
      if (blocked && !wasBlocked) member.blockedAt = this.clock.now();
      if (!blocked) member.blockedAt = null;
      return { conversation: found, changed: blocked !== wasBlocked };
    });
    if (changed && blocked) await this.realtime.revokeMembers(conversationId, [conversation.fanId, conversation.creatorId]);
    return (await this.views.build(this.orm.em.fork(), userId, [conversation]))[0];
  }
}
