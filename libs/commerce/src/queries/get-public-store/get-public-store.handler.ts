import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { SLUG_MAX_LENGTH } from '../../domain/store-slug.js';
import { Store } from '../../entities/store.entity.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { liveSubscriptionSql } from '../purchased-content/entitlements.js';
import { toPublicStore, type PublicStoreView } from '../store-views.js';
import { GetPublicStoreQuery } from './get-public-store.query.js';

@QueryHandler(GetPublicStoreQuery)
export class GetPublicStoreHandler implements IQueryHandler<GetPublicStoreQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ slug, viewerId }: GetPublicStoreQuery): Promise<PublicStoreView> {
    const wanted = slug.toLowerCase();
    const em = this.orm.em.fork();
    const store = wanted.length <= SLUG_MAX_LENGTH ? await em.findOne(Store, { slug: wanted, status: 'active' }) : null;
    if (!store) throw CommerceErrors.storeNotFound();
    if (store.isNsfw && !viewerId) throw CommerceErrors.adultStore();
    if (!viewerId) return toPublicStore(store);
    // The same rule the purchase statement enforces, so the page offers Buy only where a purchase is allowed.
    const [viewer] = await em.execute<{ favorite: boolean; subscribed: boolean }[]>(
      `select exists (select 1 from favorites where user_id = ? and store_id = ?) as favorite, ${liveSubscriptionSql('?::uuid', '?::uuid')} as subscribed`,
      [viewerId, store.id, viewerId, store.id, this.clock.now()],
    );
    return { ...toPublicStore(store), isFavorite: viewer.favorite, isSubscribed: viewer.subscribed };
  }
}
