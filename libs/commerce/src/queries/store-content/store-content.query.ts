import { Query } from '@nestjs/cqrs';
import type { PublicContentView } from '#app/content-moderation';

/** An item on a store page; `owned` (with the purchase that opens it) for a signed-in buyer or subscriber. */
export type StoreItemView = PublicContentView & { owned: boolean; purchaseId: string | null };

/** A store's approved videos and albums (thumbnails only), behind the same NSFW rule as its profile. */
export class StoreContentQuery extends Query<StoreItemView[]> {
  constructor(
    readonly slug: string,
    /** The signed-in viewer, or null for an anonymous one. */
    readonly viewerId: string | null,
  ) {
    super();
  }
}
