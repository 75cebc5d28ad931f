import type { EntityManager } from '@mikro-orm/postgresql';

export async function storeOwnersById(em: EntityManager, storeId: string): Promise<string[]> {
  const rows = await em.execute<{ owner_id: string }[]>(`select owner_id from stores where id = ?`, [storeId]);
  return rows.map((row) => row.owner_id);
}

export async function storeOwnersBySlug(em: EntityManager, slug: string): Promise<string[]> {
  const rows = await em.execute<{ owner_id: string }[]>(`select owner_id from stores where slug = lower(?)`, [slug]);
  return rows.map((row) => row.owner_id);
}

/** The buyer, the seller and the referrer paid from the purchase (null when none). */
export async function purchaseParties(em: EntityManager, purchaseId: string): Promise<(string | null)[]> {
  const rows = await em.execute<{ buyer_id: string; creator_id: string; referrer_id: string | null }[]>(
    `select buyer_id, creator_id, referrer_id from purchases where id = ?`,
    [purchaseId],
  );
  return rows.flatMap((row) => [row.buyer_id, row.creator_id, row.referrer_id]);
}
