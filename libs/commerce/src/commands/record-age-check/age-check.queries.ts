import type { EntityManager } from '@mikro-orm/postgresql';

/** When the user confirmed their age, or undefined if they never did. */
export async function findAgeConfirmation(em: EntityManager, userId: string): Promise<Date | undefined> {
  const [row] = await em.execute<{ confirmed_at: Date }[]>(
    `select confirmed_at from age_confirmations where user_id = ?`,
    [userId],
  );
  return row?.confirmed_at;
}

export async function ownsAStore(em: EntityManager, userId: string): Promise<boolean> {
  const rows = await em.execute(`select 1 from stores where owner_id = ? limit 1`, [userId]);
  return rows.length > 0;
}
