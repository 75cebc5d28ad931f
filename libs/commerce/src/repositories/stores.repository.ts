import type { EntityManager } from '@mikro-orm/postgresql';

/** The writes to stores that no use case of the store itself makes: closing a deleted account's store. */

/** Suspends the owner's active stores; returns the ids it suspended. */
export async function suspendOwnerStores(em: EntityManager, ownerId: string, now: Date): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `update stores set status = 'suspended', updated_at = ? where owner_id = ? and status = 'active' returning id`,
    [now, ownerId],
  );
  return rows.map((row) => row.id);
}

/** The owner's banner and avatar keys, the row locked until the transaction ends. */
export async function lockOwnerStoreImages(
  em: EntityManager,
  ownerId: string,
): Promise<{ bannerKey: string | null; avatarKey: string | null } | undefined> {
  const [row] = await em.execute<{ banner_key: string | null; avatar_key: string | null }[]>(
    `select banner_key, avatar_key from stores where owner_id = ? for update`,
    [ownerId],
  );
  return row ? { bannerKey: row.banner_key, avatarKey: row.avatar_key } : undefined;
}

export async function clearOwnerStoreImages(em: EntityManager, ownerId: string): Promise<void> {
  await em.execute(`update stores set banner_key = null, avatar_key = null where owner_id = ?`, [ownerId]);
}
