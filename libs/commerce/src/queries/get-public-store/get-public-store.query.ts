import { Query } from '@nestjs/cqrs';
import type { StoreVisitor } from '../../domain/store-access.js';
import type { PublicStoreView } from '../store-views.js';

/** A store's public profile by slug; an NSFW store needs an account or the age check (SPEC §2, §6). */
export class GetPublicStoreQuery extends Query<PublicStoreView> {
  constructor(
    readonly slug: string,
    readonly visitor: StoreVisitor,
  ) {
    super();
  }
}
