import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { CommerceErrors } from '../../commerce.errors.js';
import { mayViewStore } from '../../domain/store-access.js';
import { SLUG_MAX_LENGTH } from '../../domain/store-slug.js';
import { Store } from '../../entities/store.entity.js';
import { viewerOfStore } from '../get-public-store/get-public-store.queries.js';
import { followedStores } from './store-visit.queries.js';
import {
  FollowedStoresQuery,
  StoreVisitQuery,
  type FollowedStoreView,
  type StoreVisitView,
} from './store-visit.query.js';

@QueryHandler(StoreVisitQuery)
export class StoreVisitHandler implements IQueryHandler<StoreVisitQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ by, visitor }: StoreVisitQuery): Promise<StoreVisitView> {
    const em = this.orm.em.fork();
    if ('slug' in by && by.slug.length > SLUG_MAX_LENGTH) throw CommerceErrors.storeNotFound();
    const where = 'slug' in by ? { slug: by.slug.toLowerCase() } : { ownerId: by.ownerId };
    const store = await em.findOne(Store, { ...where, status: 'active' });
    if (!store) throw CommerceErrors.storeNotFound();
    if (!mayViewStore(store, visitor)) throw CommerceErrors.adultStore();
    const isOwner = visitor.viewerId === store.ownerId;
    const subscribed =
      visitor.viewerId !== null && !isOwner
        ? (await viewerOfStore(em, visitor.viewerId, store.id, this.clock.now())).subscribed
        : false;
    return {
      storeId: store.id,
      ownerId: store.ownerId,
      slug: store.slug,
      displayName: store.displayName,
      currency: store.currency,
      isNsfw: store.isNsfw,
      isOwner,
      subscribed,
    };
  }
}

@QueryHandler(FollowedStoresQuery)
export class FollowedStoresHandler implements IQueryHandler<FollowedStoresQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  execute({ fanId, limit }: FollowedStoresQuery): Promise<FollowedStoreView[]> {
    return followedStores(this.orm.em.fork(), fanId, this.clock.now(), limit);
  }
}
