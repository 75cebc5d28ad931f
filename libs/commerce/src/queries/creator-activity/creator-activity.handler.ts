import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { countSubscribers, findActivityStore } from './creator-activity.queries.js';
import { CreatorActivityQuery, type CreatorActivityView } from './creator-activity.query.js';

@QueryHandler(CreatorActivityQuery)
export class CreatorActivityHandler implements IQueryHandler<CreatorActivityQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ creatorId, since }: CreatorActivityQuery): Promise<CreatorActivityView> {
    const em = this.orm.em.fork();
    const store = await findActivityStore(em, creatorId);
    const counts = await countSubscribers(em, creatorId, since);
    return {
      store: store ? { slug: store.slug, displayName: store.display_name, currency: store.currency } : null,
      ...counts,
    };
  }
}
