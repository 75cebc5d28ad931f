import { Query } from '@nestjs/cqrs';
import type { PublicStoreView } from '../store-views.js';

/** A store's public profile by slug; an NSFW store needs a signed-in viewer (SPEC §6). */
export class GetPublicStoreQuery extends Query<PublicStoreView> {
  constructor(
    readonly slug: string,
    /** The signed-in viewer, or null for an anonymous one. */
    readonly viewerId: string | null,
  ) {
    super();
  }
}
