import type { EntityManager } from '@mikro-orm/postgresql';

export async function unreadCount(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ unread: number }[]>(
    `select count(*)::int as unread from creator_notifications where user_id = ? and read_at is null`,
    [userId],
  );
  return row.unread;
}
