import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { ObjectStorage } from '#app/platform';
import { EntitlementService } from '#app/entitlements';
import { CommerceErrors } from '../../commerce.errors.js';
import { SLUG_MAX_LENGTH } from '../../domain/store-slug.js';
import { Store } from '../../entities/store.entity.js';
import { StoreImageQuery, type StoreImageFile } from './store-image.query.js';

/** A store image's key in storage (STORAGE_DIR/store-images on local disk). */
export const storeImageObject = (key: string) => `store-images/${key}`;

@QueryHandler(StoreImageQuery)
export class StoreImageHandler implements IQueryHandler<StoreImageQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(EntitlementService) private readonly entitlements: EntitlementService,
  ) {}

  async execute({ slug, key, visitor, token }: StoreImageQuery): Promise<StoreImageFile> {
    const wanted = slug.toLowerCase();
    const store =
      wanted.length <= SLUG_MAX_LENGTH
        ? await this.orm.em.fork().findOne(Store, { slug: wanted, status: 'active' })
        : null;
    if (!store) throw CommerceErrors.storeNotFound();
    // The visitor as the store's rule sees them (account, age check), or the signed link a store view gave them.
    const seen = {
      actor: visitor.viewerId ? { id: visitor.viewerId, role: 'user', aal: 'aal1' as const } : null,
      ageChecked: visitor.ageChecked,
    };
    if (!this.entitlements.opensStoreImage(seen, store, key, token)) throw CommerceErrors.adultStore();
    // Only the store's current images are served: the key is compared, never used as a path of its own.
    const current = [store.bannerKey, store.avatarKey].find((stored) => stored !== null && stored === key);
    if (!current) throw CommerceErrors.storeImageNotFound();
    const bytes = await this.storage.get(storeImageObject(current));
    if (!bytes) throw CommerceErrors.storeImageNotFound();
    return { bytes, isNsfw: store.isNsfw };
  }
}
