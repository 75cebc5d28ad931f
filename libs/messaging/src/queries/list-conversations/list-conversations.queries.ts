import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The ids of a member's conversations, latest activity first, after the cursor, at most `limit`.
 * One keyset scan per side (each has its index), merged: a creator's many fans never meet a fan's few creators.
 */
export async function conversationIdsOf(
  em: EntityManager,
  userId: string,
  cursor: { at: Date; id: string } | null,
  limit: number,
): Promise<string[]> {
  const after = cursor ? `and (last_activity_at, id) < (?, ?)` : '';
  const side = (column: 'fan_id' | 'creator_id') =>
    `(select id from conversations where ${column} = ? ${after} order by last_activity_at desc, id desc limit ?)`;
  const params: unknown[] = cursor ? [userId, cursor.at, cursor.id, limit] : [userId, limit];
  const rows = await em.execute<{ id: string }[]>(
    `select id from (${side('fan_id')} union all ${side('creator_id')}) mine
       join conversations c using (id) order by c.last_activity_at desc, c.id desc limit ?`,
    [...params, ...params, limit],
  );
  return rows.map((row) => row.id);
}
