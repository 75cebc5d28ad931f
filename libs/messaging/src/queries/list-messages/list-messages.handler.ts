import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ConversationMember } from '../../entities/conversation-member.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessageReads, type MessagePosition } from '../../queries/message-views/message-views.queries.js';
import { ListMessagesQuery, type MessagePageView } from './list-messages.query.js';

@QueryHandler(ListMessagesQuery)
export class ListMessagesHandler implements IQueryHandler<ListMessagesQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MessageReads) private readonly messages: MessageReads,
  ) {}

  async execute({ userId, conversationId, cursor, limit }: ListMessagesQuery): Promise<MessagePageView> {
    if (cursor.before && cursor.after) throw MessagingErrors.bothCursors();
    const em = this.orm.em.fork();
    if (!(await em.findOne(ConversationMember, { conversationId, userId })))
      throw MessagingErrors.conversationNotFound();
    const before = cursor.before ? await this.position(em, conversationId, userId, cursor.before) : undefined;
    const after = cursor.after ? await this.position(em, conversationId, userId, cursor.after) : undefined;
    const rows = await this.messages.page(em, conversationId, userId, { before, after }, limit + 1);
    const hasMore = rows.length > limit;
    // `after` pages are the oldest newer messages, returned newest first: the extra one is the newest.
    const page = hasMore ? (after ? rows.slice(1) : rows.slice(0, limit)) : rows;
    return { items: await this.messages.views(em, page, userId), hasMore };
  }

  /** A cursor is a message id of this conversation. */
  private async position(
    em: EntityManager,
    conversationId: string,
    userId: string,
    id: string,
  ): Promise<MessagePosition> {
    const row = await this.messages.byId(em, conversationId, id);
    if (!row || !this.messages.visibleTo(row, userId)) throw MessagingErrors.messageNotFound();
    return { id: row.id, at: new Date(row.created_at) };
  }
}
