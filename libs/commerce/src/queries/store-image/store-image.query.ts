import { Query } from '@nestjs/cqrs';
import type { StoreVisitor } from '../../domain/store-access.js';

export interface StoreImageFile {
  bytes: Buffer;
  isNsfw: boolean;
}

/** A store's current banner or avatar by its key, behind the store's own viewing rule. */
export class StoreImageQuery extends Query<StoreImageFile> {
  constructor(
    readonly slug: string,
    readonly key: string,
    readonly visitor: StoreVisitor,
    /** The link's token from a store view (an adult store's images are signed for those who may see it). */
    readonly token: unknown = undefined,
  ) {
    super();
  }
}
