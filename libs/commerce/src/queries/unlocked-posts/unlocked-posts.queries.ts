import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The ids among `postIds` the buyer holds a paid purchase of. Through post_ownership (one live purchase
 * per buyer and post, with its key): each lookup reads one partition of purchases, and only a paid
 * purchase unlocks (an open checkout holds the post too, but opens nothing).
 */
export async function unlockedPosts(em: EntityManager, buyerId: string, postIds: readonly string[]): Promise<string[]> {
  if (postIds.length === 0) return [];
  const rows = await em.execute<{ post_id: string }[]>(
    `select o.post_id from post_ownership o
       join purchases p on p.id = o.purchase_id and p.created_at = o.purchase_created_at
      where o.buyer_id = ?::uuid and o.post_id = any(?::uuid[]) and p.status = 'paid'`,
    [buyerId, `{${postIds.join(',')}}`],
  );
  return rows.map((row) => row.post_id);
}
