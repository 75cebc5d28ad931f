import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppRole } from '../entities/user.entity.js';
import { pendingView, type AdminGrant, type PendingAdminGrant } from '../domain/admin-grant.js';
import {
  AccountRoleRepository,
  type AccountRole,
  type AdminGrantRequest,
} from '../repositories/account-role.repository.js';

/**
 * There is no entity manager in memory: a handler that hands this one to anything but the repository
 * (another module's SQL) fails at once, naming what it tried. The audit log in specs ignores it.
 */
export const NO_ENTITY_MANAGER = new Proxy({} as EntityManager, {
  get: (_target, property) => {
    throw new Error(`the in-memory account role repository has no entity manager (${String(property)} was asked for)`);
  },
});

interface StoredGrant extends AdminGrantRequest {
  status: 'pending' | 'approved' | 'cancelled';
  decidedBy: string | null;
  decidedAt: Date | null;
}

/**
 * Accounts' roles and admin grants in memory, for millisecond handler specs. It passes the same
 * contract suite as the PostgreSQL adapter. A transaction that throws leaves everything as it was;
 * locks are not modelled (the specs run one handler at a time).
 */
export class InMemoryAccountRoleRepository extends AccountRoleRepository {
  private accounts = new Map<string, AccountRole & { updatedAt: Date | null }>();
  private grants: StoredGrant[] = [];

  /** An account as sign-up makes one (in PostgreSQL, the `users` row). */
  addAccount(id: string, role: AppRole = 'fan', email = `${id}@example.test`): AccountRole {
    this.accounts.set(id, { id, email, role, updatedAt: null });
    return { id, email, role };
  }

  /** Every grant with its state, for assertions. */
  allGrants(): StoredGrant[] {
    return this.grants.map((grant) => ({ ...grant }));
  }

  async transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    const accounts = new Map([...this.accounts].map(([id, account]) => [id, { ...account }]));
    const grants = this.allGrants();
    try {
      return await work(NO_ENTITY_MANAGER);
    } catch (error) {
      this.accounts = accounts;
      this.grants = grants;
      throw error;
    }
  }

  async lock(_em: EntityManager, userId: string): Promise<AccountRole | null> {
    const account = this.accounts.get(userId);
    return account ? { id: account.id, email: account.email, role: account.role } : null;
  }

  async lockAll(em: EntityManager, ids: readonly string[]): Promise<AccountRole[]> {
    const found = await Promise.all([...new Set(ids)].sort().map((id) => this.lock(em, id)));
    return found.filter((account): account is AccountRole => account !== null);
  }

  async roleOf(_em: EntityManager, userId: string): Promise<AppRole | null> {
    return this.accounts.get(userId)?.role ?? null;
  }

  async setRole(_em: EntityManager, userId: string, role: AppRole, at: Date): Promise<void> {
    const account = this.accounts.get(userId);
    if (account) this.accounts.set(userId, { ...account, role, updatedAt: at });
  }

  async lockPendingGrant(_em: EntityManager, userId: string): Promise<AdminGrant | null> {
    const grant = this.grants.find((entry) => entry.userId === userId && entry.status === 'pending');
    if (!grant) return null;
    const { id, requestedBy, requestedAt } = grant;
    return { id, userId, requestedBy, requestedAt, requesterRole: this.accounts.get(requestedBy)?.role ?? null };
  }

  async requestGrant(_em: EntityManager, request: AdminGrantRequest): Promise<void> {
    // PostgreSQL's admin_grants_one_pending index: one pending grant per account.
    if (this.grants.some((grant) => grant.userId === request.userId && grant.status === 'pending'))
      throw new Error(`duplicate key value violates unique constraint "admin_grants_one_pending"`);
    this.grants.push({ ...request, status: 'pending', decidedBy: null, decidedAt: null });
  }

  async approveGrant(_em: EntityManager, grantId: string, approvedBy: string, at: Date): Promise<void> {
    const grant = this.grants.find((entry) => entry.id === grantId);
    if (!grant) return;
    // PostgreSQL's check: nobody approves their own request.
    if (grant.requestedBy === approvedBy) throw new Error('new row for relation "admin_grants" violates check');
    Object.assign(grant, { status: 'approved', decidedBy: approvedBy, decidedAt: at });
  }

  async cancelPendingGrant(_em: EntityManager, userId: string, decidedBy: string | null, at: Date): Promise<void> {
    for (const grant of this.grants)
      if (grant.userId === userId && grant.status === 'pending')
        Object.assign(grant, { status: 'cancelled', decidedBy, decidedAt: at });
  }

  async pendingGrants(_em: EntityManager, userIds: readonly string[]): Promise<Map<string, PendingAdminGrant>> {
    return new Map(
      this.grants
        .filter((grant) => grant.status === 'pending' && userIds.includes(grant.userId))
        .map((grant) => [grant.userId, pendingView(grant)]),
    );
  }
}
