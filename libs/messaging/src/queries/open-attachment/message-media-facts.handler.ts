import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { MessageMediaFactsQuery, type ContentMediaFacts } from '#app/entitlements';
import { ConversationMember } from '../../entities/conversation-member.entity.js';
import { MessageReads } from '../../queries/message-views/message-views.queries.js';

/** Whether one message carries an item to a member and has released it to them, as facts for the entitlement rules. */
@QueryHandler(MessageMediaFactsQuery)
export class MessageMediaFactsHandler implements IQueryHandler<MessageMediaFactsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MessageReads) private readonly messages: MessageReads,
  ) {}

  async execute({
    viewerId,
    conversationId,
    messageId,
    contentId,
  }: MessageMediaFactsQuery): Promise<ContentMediaFacts['message']> {
    const em = this.orm.em.fork();
    if (!(await em.findOne(ConversationMember, { conversationId, userId: viewerId }))) return null;
    const row = await this.messages.byId(em, conversationId, messageId);
    if (!row || !this.messages.visibleTo(row, viewerId)) return null;
    const attachment = (await this.messages.views(em, [row], viewerId))[0].attachments.find(
      (item) => item.contentId === contentId,
    );
    if (!attachment) return null;
    const sender = row.sender_id === viewerId;
    return { sender, released: !attachment.locked && attachment.state === 'released' };
  }
}
