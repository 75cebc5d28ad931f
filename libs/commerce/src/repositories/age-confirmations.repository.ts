import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Records the user's age confirmation and returns when it was first made. One statement: a repeat
 * (two tabs at once) keeps the first date instead of failing.
 */
export async function confirmAge(em: EntityManager, userId: string, now: Date): Promise<Date | undefined> {
  const [row] = await em.execute<{ confirmed_at: Date }[]>(
    `insert into age_confirmations (user_id, confirmed_at) values (?, ?)
     on conflict (user_id) do update set user_id = excluded.user_id returning confirmed_at`,
    [userId, now],
  );
  return row?.confirmed_at;
}
