import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '#app/platform';
import { assertStaffMayActOn } from './staff-hierarchy.js';
import { lockAccountsInIdOrder } from '../repositories/postgres-account-role.repository.js';

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
  const rows = await lockAccountsInIdOrder(em, [actorId, targetId]);
  const target = rows.find((row) => row.id === targetId);
  if (!target) throw new AppError(404, 'user_not_found', 'User not found');
  const actor = rows.find((row) => row.id === actorId);
  assertStaffMayActOn({ id: actorId, role: actor?.role ?? 'fan' }, { id: targetId, role: target.role });
  return { email: target.email, role: target.role };
}
