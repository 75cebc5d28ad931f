import type { EntityManager } from '@mikro-orm/postgresql';

export async function removeFavorite(em: EntityManager, userId: string, slug: string): Promise<void> {
  await em.execute(`delete from favorites where user_id = ? and store_id = (select id from stores where slug = ?)`, [
    userId,
    slug,
  ]);
}

/** Favorites the active store with that slug (a repeat is kept as is); false when there is no such store. */
export async function addFavorite(em: EntityManager, userId: string, slug: string, now: Date): Promise<boolean> {
  const [store] = await em.execute<{ id: string }[]>(
    `with s as (select id from stores where slug = ? and status = 'active')
     , ins as (insert into favorites (user_id, store_id, created_at) select ?, id, ? from s on conflict do nothing)
     select id from s`,
    [slug, userId, now],
  );
  return store !== undefined;
}
