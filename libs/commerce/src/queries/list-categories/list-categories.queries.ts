import type { EntityManager } from '@mikro-orm/postgresql';

/** Active stores per category they name, and how many of them are adult stores. */
export function countStoresByCategory(em: EntityManager): Promise<{ slug: string; stores: number; adult: number }[]> {
  return em.execute<{ slug: string; stores: number; adult: number }[]>(
    `select category as slug, count(*)::int as stores, (count(*) filter (where is_nsfw))::int as adult
       from stores, unnest(categories) as category where status = 'active' group by category`,
  );
}
