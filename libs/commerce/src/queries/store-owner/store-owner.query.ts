import { Query } from '@nestjs/cqrs';

/** Who owns a store, for modules that address its creator (messaging: a fan writes to a store). */
export interface StoreOwnerView {
  storeId: string;
  ownerId: string;
  slug: string;
  displayName: string;
  currency: string;
  /** Only an active store takes new conversations; a suspended one answers as not found elsewhere. */
  active: boolean;
}

/** A store found by its slug or by its owner; null when there is none. */
export class StoreOwnerQuery extends Query<StoreOwnerView | null> {
  private constructor(readonly by: { slug: string } | { ownerId: string }) {
    super();
  }

  static bySlug(slug: string): StoreOwnerQuery {
    return new StoreOwnerQuery({ slug });
  }

  static byOwner(ownerId: string): StoreOwnerQuery {
    return new StoreOwnerQuery({ ownerId });
  }
}
