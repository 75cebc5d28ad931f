import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { SLUG_MAX_LENGTH } from '../../domain/store-slug.js';
import { Store } from '../../entities/store.entity.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { toPublicStore, type PublicStoreView } from '../store-views.js';
import { GetPublicStoreQuery } from './get-public-store.query.js';

@QueryHandler(GetPublicStoreQuery)
export class GetPublicStoreHandler implements IQueryHandler<GetPublicStoreQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ slug, viewerId }: GetPublicStoreQuery): Promise<PublicStoreView> {
    const wanted = slug.toLowerCase();
    const em = this.orm.em.fork();
    const store = wanted.length <= SLUG_MAX_LENGTH ? await em.findOne(Store, { slug: wanted, status: 'active' }) : null;
    if (!store) throw CommerceErrors.storeNotFound();
    if (store.isNsfw && !viewerId) throw CommerceErrors.adultStore();
    const favorite = viewerId ? await em.execute(`select 1 from favorites where user_id = ? and store_id = ?`, [viewerId, store.id]) : [];
    return { ...toPublicStore(store), isFavorite: favorite.length > 0 };
  }
}
