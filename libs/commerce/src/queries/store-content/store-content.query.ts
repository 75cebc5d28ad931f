import { Query } from '@nestjs/cqrs';
import type { ContentView } from '#app/content-moderation';

/** A store's approved videos and albums (thumbnails only), behind the same NSFW rule as its profile. */
export class StoreContentQuery extends Query<ContentView[]> {
  constructor(
    readonly slug: string,
    readonly signedIn: boolean,
  ) {
    super();
  }
}
