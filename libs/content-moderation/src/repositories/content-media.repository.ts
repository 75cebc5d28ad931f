import type { EntityManager } from '@mikro-orm/postgresql';

/** The position after the last file of an item, in the creator's order (a removal leaves a gap, never a duplicate). */
export async function nextMediaPosition(em: EntityManager, contentId: string): Promise<number> {
  const [{ next }] = await em.execute<{ next: number }[]>(
    `select coalesce(max(position) + 1, 0)::int as next from content_media where content_id = ?`,
    [contentId],
  );
  return next;
}
