import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '#app/platform';
import { assertStaffMayActOn } from './staff-hierarchy.js';

/**
 * {@link assertStaffMayActOn} inside the caller's transaction: both accounts are locked (in id order,
 * so two such actions never deadlock) until it commits, so neither role can change between this
 * check and what the caller does next. Returns the target's email.
 */
export async function lockStaffActionOn(
  em: EntityManager,
  actorId: string,
  targetId: string,
): Promise<{ email: string; role: string }> {
  const rows = await em.execute<{ id: string; app_role: string; email: string }[]>(
    `select id, app_role, email from users where id in (?, ?) order by id for update`,
    [actorId, targetId],
  );
  const target = rows.find((row) => row.id === targetId);
  if (!target) throw new AppError(404, 'user_not_found', 'User not found');
  const actor = rows.find((row) => row.id === actorId);
  assertStaffMayActOn({ id: actorId, role: actor?.app_role ?? 'fan' }, { id: targetId, role: target.app_role });
  return { email: target.email, role: target.app_role };
}
