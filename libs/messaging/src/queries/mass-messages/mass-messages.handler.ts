import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AudienceCountQuery, StoreOwnerQuery } from '#app/commerce';
import { ContentByIdQuery } from '#app/content-moderation';
import { decodeConversationCursor, encodeConversationCursor } from '../../domain/conversation-cursor.js';
import { segmentProblem } from '../../domain/mass-messages.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MassMessageRepository } from '../../repositories/mass-message.repository.js';
import {
  GetMassMessageQuery,
  ListMassMessagesQuery,
  MassAudienceQuery,
  type MassMessageListView,
} from './mass-messages.query.js';

@QueryHandler(ListMassMessagesQuery)
export class ListMassMessagesHandler implements IQueryHandler<ListMassMessagesQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MassMessageRepository) private readonly massMessages: MassMessageRepository,
  ) {}

  async execute({ creatorId, cursor, limit }: ListMassMessagesQuery): Promise<MassMessageListView> {
    // The keyset is (created_at, id), the shape of the conversation list's cursor.
    const before = cursor === undefined ? null : decodeConversationCursor(cursor);
    if (cursor !== undefined && !before) throw MessagingErrors.badCursor();
    const em = this.orm.em.fork();
    const rows = await this.massMessages.page(em, creatorId, before, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: await this.massMessages.views(em, page),
      nextCursor: rows.length > limit ? encodeConversationCursor({ at: new Date(last.created_at), id: last.id }) : null,
    };
  }
}

@QueryHandler(GetMassMessageQuery)
export class GetMassMessageHandler implements IQueryHandler<GetMassMessageQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MassMessageRepository) private readonly massMessages: MassMessageRepository,
  ) {}

  async execute({ creatorId, massMessageId }: GetMassMessageQuery) {
    const em = this.orm.em.fork();
    const row = await this.massMessages.byId(em, creatorId, massMessageId);
    if (!row) throw MessagingErrors.massMessageNotFound();
    return (await this.massMessages.views(em, [row]))[0];
  }
}

@QueryHandler(MassAudienceQuery)
export class MassAudienceHandler implements IQueryHandler<MassAudienceQuery> {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  async execute({ creatorId, segment, contentId }: MassAudienceQuery) {
    const problem = segmentProblem(segment, contentId);
    if (problem) throw MessagingErrors.badSetting('contentId', problem);
    if (!(await this.queries.execute(StoreOwnerQuery.byOwner(creatorId)))) throw MessagingErrors.notACreator();
    if (contentId) {
      const item = await this.queries.execute(new ContentByIdQuery(contentId));
      if (!item || item.creatorId !== creatorId) throw MessagingErrors.contentNotFound();
    }
    return { recipients: await this.queries.execute(new AudienceCountQuery({ creatorId, segment, contentId })) };
  }
}
