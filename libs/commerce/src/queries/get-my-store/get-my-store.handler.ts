import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Store } from '../../entities/store.entity.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { EntitlementService } from '#app/entitlements';
import { ownerImages, toStoreView, type StoreView } from '../store-views.js';
import { GetMyStoreQuery } from './get-my-store.query.js';

@QueryHandler(GetMyStoreQuery)
export class GetMyStoreHandler implements IQueryHandler<GetMyStoreQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(EntitlementService) private readonly entitlements: EntitlementService,
  ) {}

  async execute({ ownerId }: GetMyStoreQuery): Promise<StoreView> {
    const store = await this.orm.em.fork().findOne(Store, { ownerId });
    if (!store) throw CommerceErrors.noStore();
    return toStoreView(store, ownerImages(this.entitlements, store));
  }
}
