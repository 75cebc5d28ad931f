import { Inject, Injectable } from '@nestjs/common';
import { LockMode, MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { User, type AppRole } from '../entities/user.entity.js';
import { pendingView, type AdminGrant, type PendingAdminGrant } from '../domain/admin-grant.js';
import { AccountRoleRepository, type AccountRole, type AdminGrantRequest } from './account-role.repository.js';

interface GrantRow {
  id: string;
  user_id: string;
  requested_by: string;
  requested_at: Date;
  requester_role: AppRole | null;
}

/**
 * The accounts among `ids`, locked in id order until the caller's transaction ends. Exported for
 * {@link lockStaffActionOn}, which other modules call inside their own transactions.
 */
export async function lockAccountsInIdOrder(em: EntityManager, ids: readonly string[]): Promise<AccountRole[]> {
  const rows = await em.execute<{ id: string; app_role: AppRole; email: string }[]>(
    `select id, app_role, email from users where id = any(?::uuid[]) order by id for update`,
    [`{${ids.join(',')}}`],
  );
  return rows.map((row) => ({ id: row.id, email: row.email, role: row.app_role }));
}

@Injectable()
export class PostgresAccountRoleRepository extends AccountRoleRepository {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {
    super();
  }

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(work);
  }

  async lock(em: EntityManager, userId: string): Promise<AccountRole | null> {
    // refresh: read the row, not an entity this transaction loaded before a setRole.
    const user = await em.findOne(User, userId, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    return user ? { id: user.id, email: user.email, role: user.appRole } : null;
  }

  lockAll(em: EntityManager, ids: readonly string[]): Promise<AccountRole[]> {
    return lockAccountsInIdOrder(em, ids);
  }

  async roleOf(em: EntityManager, userId: string): Promise<AppRole | null> {
    const user = await em.findOne(User, userId, { fields: ['appRole'], refresh: true });
    return user?.appRole ?? null;
  }

  async setRole(em: EntityManager, userId: string, role: AppRole, at: Date): Promise<void> {
    await em.nativeUpdate(User, { id: userId }, { appRole: role, updatedAt: at });
  }

  async lockPendingGrant(em: EntityManager, userId: string): Promise<AdminGrant | null> {
    const [row] = await em.execute<GrantRow[]>(
      `select g.id, g.user_id, g.requested_by, g.requested_at, u.app_role as requester_role
         from admin_grants g left join users u on u.id = g.requested_by
        where g.user_id = ? and g.status = 'pending' for update of g`,
      [userId],
    );
    if (!row) return null;
    return {
      id: row.id,
      userId: row.user_id,
      requestedBy: row.requested_by,
      requestedAt: new Date(row.requested_at),
      requesterRole: row.requester_role,
    };
  }

  async requestGrant(em: EntityManager, request: AdminGrantRequest): Promise<void> {
    await em.execute(`insert into admin_grants (id, user_id, requested_by, requested_at) values (?, ?, ?, ?)`, [
      request.id,
      request.userId,
      request.requestedBy,
      request.requestedAt,
    ]);
  }

  async approveGrant(em: EntityManager, grantId: string, approvedBy: string, at: Date): Promise<void> {
    await em.execute(`update admin_grants set status = 'approved', decided_by = ?, decided_at = ? where id = ?`, [
      approvedBy,
      at,
      grantId,
    ]);
  }

  async cancelPendingGrant(em: EntityManager, userId: string, decidedBy: string | null, at: Date): Promise<void> {
    await em.execute(
      `update admin_grants set status = 'cancelled', decided_by = ?, decided_at = ? where user_id = ? and status = 'pending'`,
      [decidedBy, at, userId],
    );
  }

  async pendingGrants(em: EntityManager, userIds: readonly string[]): Promise<Map<string, PendingAdminGrant>> {
    if (userIds.length === 0) return new Map();
    const rows = await em.execute<{ user_id: string; requested_by: string; requested_at: Date }[]>(
      `select user_id, requested_by, requested_at from admin_grants where status = 'pending' and user_id = any(?::uuid[])`,
      [`{${userIds.join(',')}}`],
    );
    return new Map(
      rows.map((row) => [
        row.user_id,
        pendingView({ requestedBy: row.requested_by, requestedAt: new Date(row.requested_at) }),
      ]),
    );
  }
}
