import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Conversation } from '../../entities/conversation.entity.js';
import { MessageReads, type MessageView } from '../../queries/message-views/message-views.queries.js';
import { ConversationViews } from '../conversation-views.js';
import { ExportMessagesQuery, type ExportedConversation } from './export-messages.query.js';

const PAGE = 500;

/** The person's conversations, read page by page through the same visibility rule as their thread. */
@QueryHandler(ExportMessagesQuery)
export class ExportMessagesHandler implements IQueryHandler<ExportMessagesQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MessageReads) private readonly messages: MessageReads,
    @Inject(ConversationViews) private readonly views: ConversationViews,
  ) {}

  async execute({ userId }: ExportMessagesQuery): Promise<ExportedConversation[]> {
    const em = this.orm.em.fork();
    const conversations = await em.find(
      Conversation,
      { $or: [{ fanId: userId }, { creatorId: userId }] },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    if (conversations.length === 0) return [];
    const views = await this.views.build(em, userId, conversations);
    const exported: ExportedConversation[] = [];
    for (const [index, conversation] of conversations.entries()) {
      exported.push({ conversation: views[index], messages: await this.thread(em, conversation.id, userId) });
    }
    return exported;
  }

  private async thread(em: EntityManager, conversationId: string, userId: string): Promise<MessageView[]> {
    const all: MessageView[] = [];
    let before: { id: string; at: Date } | undefined;
    for (;;) {
      const rows = await this.messages.page(em, conversationId, userId, { before }, PAGE);
      all.push(...(await this.messages.views(em, rows, userId)));
      if (rows.length < PAGE) break;
      const last = rows[rows.length - 1];
      before = { id: last.id, at: new Date(last.created_at) };
    }
    return all.reverse();
  }
}
