import type { EntityManager } from '@mikro-orm/postgresql';

export interface NewCreatorNotification {
  userId: string;
  kind: string;
  purchaseId: string;
  /** As text: the foreign key needs it to the microsecond. */
  purchaseCreatedAt: string;
  text: string;
  message: string | null;
  amountMinor: number;
  currency: string;
  createdAt: Date;
}

/** Writes the creator's entry; false when this purchase already has its entry of that kind. */
export async function insertCreatorNotification(em: EntityManager, entry: NewCreatorNotification): Promise<boolean> {
  const written = await em.execute(
    `insert into creator_notifications (user_id, kind, purchase_id, purchase_created_at, text, message, amount_minor, currency, created_at)
     values (?, ?, ?, ?::timestamptz, ?, ?, ?, ?, ?) on conflict (purchase_id, kind) do nothing returning id`,
    [
      entry.userId,
      entry.kind,
      entry.purchaseId,
      entry.purchaseCreatedAt,
      entry.text,
      entry.message,
      entry.amountMinor,
      entry.currency,
      entry.createdAt,
    ],
  );
  return written.length === 1;
}

/** Marks the user's unread entries read, up to an id when given. Only the user's rows: another user's id as the bound marks nothing of theirs. */
export async function markCreatorNotificationsRead(
  em: EntityManager,
  userId: string,
  upToId: string | null,
  now: Date,
): Promise<void> {
  await em.execute(
    `update creator_notifications set read_at = ? where user_id = ? and read_at is null and (?::bigint is null or id <= ?::bigint)`,
    [now, userId, upToId, upToId],
  );
}
