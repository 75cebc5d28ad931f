import { Query } from '@nestjs/cqrs';

export interface FavoriteView {
  storeSlug: string;
  displayName: string;
  tagline: string | null;
  accentColor: string;
  isNsfw: boolean;
  favoritedAt: string;
}

/** The fan's favourite stores (active ones), most recently added first. */
export class MyFavoritesQuery extends Query<FavoriteView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
