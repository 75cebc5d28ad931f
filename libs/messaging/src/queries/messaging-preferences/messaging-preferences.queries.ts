import type { EntityManager } from '@mikro-orm/postgresql';

/** A member's saved digest choice, or null when they never chose (the default then applies). */
export async function savedEmailDigest(em: EntityManager, userId: string): Promise<boolean | null> {
  const [row] = await em.execute<{ email_digest: boolean }[]>(
    `select email_digest from messaging_preferences where user_id = ?`,
    [userId],
  );
  return row ? row.email_digest : null;
}
