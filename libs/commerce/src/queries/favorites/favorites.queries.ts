import type { EntityManager } from '@mikro-orm/postgresql';

export interface FavoriteStoreRow {
  slug: string;
  display_name: string;
  tagline: string | null;
  accent_color: string;
  is_nsfw: boolean;
  created_at: Date;
}

/** The user's favorite stores that are still active, most recently favorited first. */
export function listFavoriteStores(em: EntityManager, userId: string): Promise<FavoriteStoreRow[]> {
  return em.execute<FavoriteStoreRow[]>(
    `select s.slug, s.display_name, s.tagline, s.accent_color, s.is_nsfw, f.created_at
       from favorites f join stores s on s.id = f.store_id
      where f.user_id = ? and s.status = 'active' order by f.created_at desc, s.slug`,
    [userId],
  );
}
