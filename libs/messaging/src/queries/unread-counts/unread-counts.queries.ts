import type { EntityManager } from '@mikro-orm/postgresql';
import { withoutJit } from '../../repositories/query-plans.js';
import type { UnreadCountsView } from './unread-counts.query.js';

/** Sums the members' counters (one index, no scan of messages); muted conversations stay out of the badge. */
export async function unreadCounts(em: EntityManager, userId: string): Promise<UnreadCountsView> {
  const [row] = await em.execute<UnreadCountsView[]>(
    `select coalesce(sum(unread_count) filter (where muted_at is null), 0)::int as total,
            count(*) filter (where unread_count > 0 and muted_at is null)::int as conversations
       from conversation_members where user_id = ?`,
    [userId],
  );
  return row;
}

/** Each named member's unread count in that conversation, with their badge total (muted conversations stay out of it). */
export function unreadOfMembers(
  em: EntityManager,
  members: { userId: string; conversationId: string }[],
): Promise<{ user_id: string; conversation_id: string; unread_count: number; total: number }[]> {
  return em.execute(
    `select cm.user_id, cm.conversation_id, cm.unread_count,
            (select coalesce(sum(o.unread_count) filter (where o.muted_at is null), 0)::int from conversation_members o where o.user_id = cm.user_id) as total
       from conversation_members cm
       join unnest(?::uuid[], ?::uuid[]) g (user_id, conversation_id) on cm.user_id = g.user_id and cm.conversation_id = g.conversation_id`,
    [`{${members.map((one) => one.userId).join(',')}}`, `{${members.map((one) => one.conversationId).join(',')}}`],
  );
}

/**
 * Each named member's badge total (muted conversations stay out of it), through their own index
 * entries: a lookup per member whatever the table's statistics say, without JIT (as a fan-out page).
 */
export function unreadTotalsOf(em: EntityManager, userIds: string[]): Promise<{ user_id: string; total: number }[]> {
  return em.transactional(async (tx) => {
    await withoutJit(tx);
    return tx.execute<{ user_id: string; total: number }[]>(
      `select f.user_id, (select coalesce(sum(m.unread_count) filter (where m.muted_at is null), 0)::int from conversation_members m where m.user_id = f.user_id) as total
         from unnest(?::uuid[]) f (user_id)`,
      [`{${userIds.join(',')}}`],
    );
  });
}
