import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { UnreadCountsQuery, type UnreadCountsView } from './unread-counts.query.js';

/** Sums the members' counters (one index, no scan of messages); muted conversations stay out of the badge. */
export async function unreadCounts(em: EntityManager, userId: string): Promise<UnreadCountsView> {
  const [row] = await em.execute<UnreadCountsView[]>(
    `select coalesce(sum(unread_count) filter (where muted_at is null), 0)::int as total, count(*) filter (where unread_count > 0 and muted_at is null)::int as conversations
       from conversation_members where user_id = ?`,
    [userId],
  );
  return row;
}

@QueryHandler(UnreadCountsQuery)
export class UnreadCountsHandler implements IQueryHandler<UnreadCountsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  execute({ userId }: UnreadCountsQuery): Promise<UnreadCountsView> {
    return unreadCounts(this.orm.em.fork(), userId);
  }
}
