import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '#app/platform';

export interface PendingAdminGrant {
  requestedBy: string;
  requestedAt: string;
}

export type AdminGrantStep =
  { kind: 'requested'; grant: PendingAdminGrant } | { kind: 'approved'; requestedBy: string };

interface GrantRow {
  id: string;
  requested_by: string;
  requested_at: Date;
  requester_role: string | null;
}

/**
 * Making an admin takes two admins: the first request is recorded pending; the same change by a
 * different admin approves it. A request whose requester is no longer an admin lapses. Runs in the
 * role change's transaction with the user's row locked, so two approvals never race.
 */
export async function stepAdminGrant(
  em: EntityManager,
  userId: string,
  actorId: string,
  now: Date,
): Promise<AdminGrantStep> {
  const [actor] = await em.execute<{ app_role: string }[]>(`select app_role from users where id = ?`, [actorId]);
  if (actor?.app_role !== 'admin') throw new AppError(403, 'admin_only', 'Only admins make admins');
  const [pending] = await em.execute<GrantRow[]>(
    `select g.id, g.requested_by, g.requested_at, u.app_role as requester_role from admin_grants g left join users u on u.id = g.requested_by
     where g.user_id = ? and g.status = 'pending' for update of g`,
    [userId],
  );
  if (pending && pending.requested_by !== actorId && pending.requester_role === 'admin') {
    await em.execute(`update admin_grants set status = 'approved', decided_by = ?, decided_at = ? where id = ?`, [
      actorId,
      now,
      pending.id,
    ]);
    return { kind: 'approved', requestedBy: pending.requested_by };
  }
  if (pending?.requested_by === actorId)
    return {
      kind: 'requested',
      grant: { requestedBy: actorId, requestedAt: new Date(pending.requested_at).toISOString() },
    };
  if (pending) await cancelAdminGrant(em, userId, actorId, now);
  await em.execute(`insert into admin_grants (id, user_id, requested_by, requested_at) values (?, ?, ?, ?)`, [
    randomUUID(),
    userId,
    actorId,
    now,
  ]);
  return { kind: 'requested', grant: { requestedBy: actorId, requestedAt: now.toISOString() } };
}

/** Any other role change withdraws a pending grant, so a later approval cannot surprise anyone. */
export async function cancelAdminGrant(
  em: EntityManager,
  userId: string,
  actorId: string | null,
  now: Date,
): Promise<void> {
  await em.execute(
    `update admin_grants set status = 'cancelled', decided_by = ?, decided_at = ? where user_id = ? and status = 'pending'`,
    [actorId, now, userId],
  );
}

/** The pending grants of these users, by user id. */
export async function pendingAdminGrants(
  em: EntityManager,
  userIds: readonly string[],
): Promise<Map<string, PendingAdminGrant>> {
  if (userIds.length === 0) return new Map();
  const rows = await em.execute<{ user_id: string; requested_by: string; requested_at: Date }[]>(
    `select user_id, requested_by, requested_at from admin_grants where status = 'pending' and user_id = any(?::uuid[])`,
    [`{${userIds.join(',')}}`],
  );
  return new Map(
    rows.map((row) => [
      row.user_id,
      { requestedBy: row.requested_by, requestedAt: new Date(row.requested_at).toISOString() },
    ]),
  );
}
