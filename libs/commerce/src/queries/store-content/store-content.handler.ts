import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { ApprovedContentQuery, type ContentView } from '#app/content-moderation';
import { SLUG_MAX_LENGTH } from '../../domain/store-slug.js';
import { Store } from '../../entities/store.entity.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { StoreContentQuery } from './store-content.query.js';

@QueryHandler(StoreContentQuery)
export class StoreContentHandler implements IQueryHandler<StoreContentQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ slug, signedIn }: StoreContentQuery): Promise<ContentView[]> {
    const wanted = slug.toLowerCase();
    const store = wanted.length <= SLUG_MAX_LENGTH ? await this.orm.em.fork().findOne(Store, { slug: wanted, status: 'active' }) : null;
    if (!store) throw CommerceErrors.storeNotFound();
    if (store.isNsfw && !signedIn) throw CommerceErrors.adultStore();
    return this.queries.execute(new ApprovedContentQuery(store.ownerId));
  }
}
