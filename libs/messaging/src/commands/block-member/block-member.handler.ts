import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { Conversation } from '../../entities/conversation.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';
import { ConversationViews } from '../../queries/conversation-views.js';
import { MessagingStore } from '../../repositories/messaging-store.js';
import { BlockMemberCommand } from './block-member.command.js';

@CommandHandler(BlockMemberCommand)
export class BlockMemberHandler implements ICommandHandler<BlockMemberCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MessagingStore) private readonly store: MessagingStore,
    @Inject(ConversationViews) private readonly views: ConversationViews,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async execute({ conversationId, userId, blocked }: BlockMemberCommand) {
    const conversation = await this.store.transaction(async ({ conversations }) => {
      // Under the conversation's lock, as sends check blocks under it: no message slips past a block.
      const found = await conversations.find(conversationId);
      if (!found?.memberRole(userId)) throw MessagingErrors.conversationNotFound();
      const changed = found.block(userId, blocked, this.clock.now());
      if (changed) await conversations.save(found);
      return { fanId: found.fanId, creatorId: found.creatorId, changed };
    });
    if (conversation.changed && blocked)
      await this.realtime.revokeMembers(conversationId, [conversation.fanId, conversation.creatorId]);
    const em = this.orm.em.fork();
    return (await this.views.build(em, userId, [await em.findOneOrFail(Conversation, conversationId)]))[0];
  }
}
