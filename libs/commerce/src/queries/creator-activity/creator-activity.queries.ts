import type { EntityManager } from '@mikro-orm/postgresql';

export interface ActivityStoreRow {
  slug: string;
  display_name: string;
  currency: string;
}

export async function findActivityStore(em: EntityManager, creatorId: string): Promise<ActivityStoreRow | undefined> {
  const [row] = await em.execute<ActivityStoreRow[]>(
    `select slug, display_name, currency from stores where owner_id = ?`,
    [creatorId],
  );
  return row;
}

/** Subscriptions started since `since`, and those active now, of the creator's store. */
export async function countSubscribers(
  em: EntityManager,
  creatorId: string,
  since: Date,
): Promise<{ newSubscribers: number; activeSubscribers: number }> {
  const [row] = await em.execute<{ new_subscribers: string; active_subscribers: string }[]>(
    `select count(*) filter (where started_at >= ?) as new_subscribers, count(*) filter (where status = 'active') as active_subscribers
       from subscriptions where creator_id = ?`,
    [since, creatorId],
  );
  return { newSubscribers: Number(row.new_subscribers), activeSubscribers: Number(row.active_subscribers) };
}
