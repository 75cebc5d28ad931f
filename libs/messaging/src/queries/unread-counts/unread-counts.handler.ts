import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { UnreadCountsQuery, type UnreadCountsView } from './unread-counts.query.js';
import { unreadCounts } from './unread-counts.queries.js';

@QueryHandler(UnreadCountsQuery)
export class UnreadCountsHandler implements IQueryHandler<UnreadCountsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  execute({ userId }: UnreadCountsQuery): Promise<UnreadCountsView> {
    return unreadCounts(this.orm.em.fork(), userId);
  }
}
