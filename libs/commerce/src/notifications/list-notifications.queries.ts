import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreatorNotificationView } from './list-notifications.query.js';

export interface EntryRow {
  id: string;
  kind: CreatorNotificationView['kind'];
  purchase_id: string;
  text: string;
  message: string | null;
  amount_minor: string;
  currency: string;
  created_at: Date;
  read_at: Date | null;
}

/** Up to `limit` of the user's entries, newest first, before the `cursor` id when given. */
export function listNotificationEntries(
  em: EntityManager,
  userId: string,
  cursor: string | null | undefined,
  limit: number,
): Promise<EntryRow[]> {
  return em.execute<EntryRow[]>(
    `select id, kind, purchase_id, text, message, amount_minor, currency, created_at, read_at from creator_notifications
      where user_id = ? ${cursor ? 'and id < ?::bigint' : ''} order by id desc limit ?`,
    cursor ? [userId, cursor, limit] : [userId, limit],
  );
}
