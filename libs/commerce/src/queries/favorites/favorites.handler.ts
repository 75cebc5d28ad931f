import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { listFavoriteStores } from './favorites.queries.js';
import { MyFavoritesQuery, type FavoriteView } from './favorites.query.js';

@QueryHandler(MyFavoritesQuery)
export class MyFavoritesHandler implements IQueryHandler<MyFavoritesQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: MyFavoritesQuery): Promise<FavoriteView[]> {
    const rows = await listFavoriteStores(this.orm.em.fork(), userId);
    return rows.map((row) => ({
      storeSlug: row.slug,
      displayName: row.display_name,
      tagline: row.tagline,
      accentColor: row.accent_color,
      isNsfw: row.is_nsfw,
      favoritedAt: new Date(row.created_at).toISOString(),
    }));
  }
}
