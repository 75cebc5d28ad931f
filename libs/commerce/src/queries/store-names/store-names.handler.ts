import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { StoreNamesQuery, type StoreName } from '#app/content-moderation';
import { Store } from '../../entities/store.entity.js';

@QueryHandler(StoreNamesQuery)
export class StoreNamesHandler implements IQueryHandler<StoreNamesQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ ownerIds }: StoreNamesQuery): Promise<Record<string, StoreName>> {
    if (ownerIds.length === 0) return {};
    const stores = await this.orm.em
      .fork()
      .find(Store, { ownerId: { $in: ownerIds } }, { fields: ['ownerId', 'displayName', 'slug'] });
    return Object.fromEntries(stores.map((store) => [store.ownerId, { name: store.displayName, slug: store.slug }]));
  }
}
