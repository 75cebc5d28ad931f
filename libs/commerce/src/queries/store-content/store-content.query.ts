import { Query } from '@nestjs/cqrs';
import type { PublicContentView } from '#app/content-moderation';
import type { StoreVisitor } from '../../domain/store-access.js';

/**
 * An item on a store page; `owned` (with the purchase that opens it) for a signed-in buyer or subscriber.
 * A visitor who may not open it gets the blurred preview only: no thumbnail, no teaser clip.
 */
export type StoreItemView = PublicContentView & { owned: boolean; purchaseId: string | null; locked: boolean };

/** A store's approved videos and albums, behind the same NSFW rule as its profile. */
export class StoreContentQuery extends Query<StoreItemView[]> {
  constructor(
    readonly slug: string,
    readonly visitor: StoreVisitor,
  ) {
    super();
  }
}
