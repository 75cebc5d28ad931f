import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { MyFavoritesQuery, type FavoriteView } from './favorites.query.js';

interface Row {
  slug: string;
  display_name: string;
  tagline: string | null;
  accent_color: string;
  is_nsfw: boolean;
  created_at: Date;
}

@QueryHandler(MyFavoritesQuery)
export class MyFavoritesHandler implements IQueryHandler<MyFavoritesQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: MyFavoritesQuery): Promise<FavoriteView[]> {
    const rows = await this.orm.em.getConnection().execute<Row[]>(
      `select s.slug, s.display_name, s.tagline, s.accent_color, s.is_nsfw, f.created_at
         from favorites f join stores s on s.id = f.store_id
        where f.user_id = ? and s.status = 'active' order by f.created_at desc, s.slug`,
      [userId],
    );
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
