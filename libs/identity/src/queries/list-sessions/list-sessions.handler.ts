import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Session } from '../../entities/session.entity.js';
import { ListSessionsQuery, type SessionView } from './list-sessions.query.js';

@QueryHandler(ListSessionsQuery)
export class ListSessionsHandler implements IQueryHandler<ListSessionsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId, currentSessionId }: ListSessionsQuery): Promise<SessionView[]> {
    const sessions = await this.orm.em.fork().find(Session, { userId }, { orderBy: { createdAt: 'desc' } });
    return sessions.map((session) => ({
      id: session.id,
      current: session.id === currentSessionId,
      userAgent: session.userAgent,
      ip: session.ip,
      aal: session.aal,
      createdAt: new Date(session.createdAt).toISOString(),
      lastSeenAt: new Date(session.refreshedAt ?? session.createdAt).toISOString(),
    }));
  }
}
