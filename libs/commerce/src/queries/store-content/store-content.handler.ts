import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { ApprovedContentQuery } from '#app/content-moderation';
import { storeEntitlements } from '../purchased-content/entitlements.js';
import { SLUG_MAX_LENGTH } from '../../domain/store-slug.js';
import { Store } from '../../entities/store.entity.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { StoreContentQuery, type StoreItemView } from './store-content.query.js';

@QueryHandler(StoreContentQuery)
export class StoreContentHandler implements IQueryHandler<StoreContentQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ slug, viewerId }: StoreContentQuery): Promise<StoreItemView[]> {
    const wanted = slug.toLowerCase();
    const em = this.orm.em.fork();
    const store = wanted.length <= SLUG_MAX_LENGTH ? await em.findOne(Store, { slug: wanted, status: 'active' }) : null;
    if (!store) throw CommerceErrors.storeNotFound();
    if (store.isNsfw && !viewerId) throw CommerceErrors.adultStore();
    const items = await this.queries.execute(new ApprovedContentQuery(store.ownerId));
    const access = viewerId ? await storeEntitlements(em, viewerId, store, this.clock.now()) : null;
    return items.map((item) => {
      const purchaseId = access?.bought.get(item.id) ?? access?.subscriptionPurchaseId ?? null;
      return { ...item, owned: purchaseId !== null, purchaseId };
    });
  }
}
