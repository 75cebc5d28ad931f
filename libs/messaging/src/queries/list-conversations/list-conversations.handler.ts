import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { decodeConversationCursor, encodeConversationCursor } from '../../domain/conversation-cursor.js';
import { Conversation } from '../../entities/conversation.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { ConversationViews } from '../conversation-views.js';
import { conversationIdsOf } from './list-conversations.queries.js';
import { ListConversationsQuery, type ConversationListView } from './list-conversations.query.js';

@QueryHandler(ListConversationsQuery)
export class ListConversationsHandler implements IQueryHandler<ListConversationsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(ConversationViews) private readonly views: ConversationViews,
  ) {}

  async execute({ userId, cursor: text, limit }: ListConversationsQuery): Promise<ConversationListView> {
    const cursor = text === undefined ? null : decodeConversationCursor(text);
    if (text !== undefined && !cursor) throw MessagingErrors.badCursor();
    const em = this.orm.em.fork();
    // One more than the page: its presence says there is a next page.
    const ids = await conversationIdsOf(em, userId, cursor, limit + 1);
    const found = ids.length ? await em.find(Conversation, { id: { $in: ids } }) : [];
    const page = ids.slice(0, limit).map((id) => found.find((conversation) => conversation.id === id)!);
    const last = page.at(-1);
    return {
      items: await this.views.build(em, userId, page),
      nextCursor:
        ids.length > limit && last ? encodeConversationCursor({ at: last.lastActivityAt, id: last.id }) : null,
    };
  }
}
