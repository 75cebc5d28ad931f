import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { decodeConversationCursor, encodeConversationCursor } from '../../domain/conversation-cursor.js';
import { Conversation } from '../../entities/conversation.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { ConversationViews } from '../conversation-views.js';
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
    // One keyset scan per side (each has its index), merged: a creator's many fans never meet a fan's few creators.
    const after = cursor ? `and (last_activity_at, id) < (?, ?)` : '';
    const side = (column: string) => `(select id from conversations where ${column} = ? ${after} order by last_activity_at desc, id desc limit ?)`;
    const params = (cursor ? [userId, cursor.at, cursor.id, limit + 1] : [userId, limit + 1]) as unknown[];
    const rows = await em.execute<{ id: string }[]>(
      `select id from (${side('fan_id')} union all ${side('creator_id')}) mine
         join conversations c using (id) order by c.last_activity_at desc, c.id desc limit ?`,
      [...params, ...params, limit + 1],
    );
    const ids = rows.map((row) => row.id);
    const found = ids.length ? await em.find(Conversation, { id: { $in: ids } }) : [];
    const page = ids.slice(0, limit).map((id) => found.find((conversation) => conversation.id === id)!);
    const last = page.at(-1);
    return {
      items: await this.views.build(em, userId, page),
      nextCursor: ids.length > limit && last ? encodeConversationCursor({ at: last.lastActivityAt, id: last.id }) : null,
    };
  }
}
