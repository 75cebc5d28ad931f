import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { CreatorActivityQuery, type CreatorActivityView } from './creator-activity.query.js';

@QueryHandler(CreatorActivityQuery)
export class CreatorActivityHandler implements IQueryHandler<CreatorActivityQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ creatorId, since }: CreatorActivityQuery): Promise<CreatorActivityView> {
    const connection = this.orm.em.getConnection();
    const [store] = await connection.execute<{ slug: string; display_name: string; currency: string }[]>(`select slug, display_name, currency from stores where owner_id = ?`, [creatorId]);
    const [counts] = await connection.execute<{ new_subscribers: string; active_subscribers: string }[]>(
      `select count(*) filter (where started_at >= ?) as new_subscribers, count(*) filter (where status = 'active') as active_subscribers
         from subscriptions where creator_id = ?`,
      [since, creatorId],
    );
    return {
      store: store ? { slug: store.slug, displayName: store.display_name, currency: store.currency } : null,
      newSubscribers: Number(counts.new_subscribers),
      activeSubscribers: Number(counts.active_subscribers),
    };
  }
}
