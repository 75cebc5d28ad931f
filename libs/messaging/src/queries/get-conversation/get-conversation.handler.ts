import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Conversation } from '../../entities/conversation.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { ConversationViews } from '../conversation-views.js';
import { GetConversationQuery } from './get-conversation.query.js';

@QueryHandler(GetConversationQuery)
export class GetConversationHandler implements IQueryHandler<GetConversationQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(ConversationViews) private readonly views: ConversationViews,
  ) {}

  async execute({ userId, conversationId }: GetConversationQuery) {
    const em = this.orm.em.fork();
    const conversation = await em.findOne(Conversation, conversationId);
    if (!conversation?.memberRole(userId)) throw MessagingErrors.conversationNotFound();
    return (await this.views.build(em, userId, [conversation]))[0];
  }
}
