import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { StoreAudienceFactsQuery } from '#app/entitlements';
import { Store } from '../../entities/store.entity.js';

/** Whether a creator's store is an adult store, for the entitlement rules on its previews. */
@QueryHandler(StoreAudienceFactsQuery)
export class StoreAudienceFactsHandler implements IQueryHandler<StoreAudienceFactsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ ownerId }: StoreAudienceFactsQuery): Promise<{ isNsfw: boolean } | null> {
    const store = await this.orm.em.fork().findOne(Store, { ownerId }, { fields: ['isNsfw'] });
    return store ? { isNsfw: store.isNsfw } : null;
  }
}
