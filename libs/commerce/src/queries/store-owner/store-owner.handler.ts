import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { SLUG_MAX_LENGTH } from '../../domain/store-slug.js';
import { Store } from '../../entities/store.entity.js';
import { StoreOwnerQuery, type StoreOwnerView } from './store-owner.query.js';

@QueryHandler(StoreOwnerQuery)
export class StoreOwnerHandler implements IQueryHandler<StoreOwnerQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ by }: StoreOwnerQuery): Promise<StoreOwnerView | null> {
    if ('slug' in by && by.slug.length > SLUG_MAX_LENGTH) return null;
    const where = 'slug' in by ? { slug: by.slug.toLowerCase() } : { ownerId: by.ownerId };
    const store = await this.orm.em
      .fork()
      .findOne(Store, where, { fields: ['id', 'ownerId', 'slug', 'displayName', 'currency', 'status'] });
    return store
      ? {
          storeId: store.id,
          ownerId: store.ownerId,
          slug: store.slug,
          displayName: store.displayName,
          currency: store.currency,
          active: store.status === 'active',
        }
      : null;
  }
}
