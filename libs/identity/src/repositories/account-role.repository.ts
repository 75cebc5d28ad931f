import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppRole } from '../entities/user.entity.js';
import type { AdminGrant, PendingAdminGrant } from '../domain/admin-grant.js';

/** An account as a role change sees it. */
export interface AccountRole {
  id: string;
  email: string;
  role: AppRole;
}

/** A new pending request to make `userId` an admin. */
export interface AdminGrantRequest {
  id: string;
  userId: string;
  requestedBy: string;
  requestedAt: Date;
}

/**
 * Accounts' roles and the two-admin grants (`users.app_role`, `admin_grants`). Takes and returns
 * domain values; the lock methods hold the rows (`for update`) until the transaction ends, so a
 * role change decides on the state it commits. Two adapters pass one contract
 * (testing/account-role-repository.contract.ts): PostgreSQL and in memory.
 */
export abstract class AccountRoleRepository {
  /** Runs `work` in a transaction of its own; the entity manager it gets is the one to lock and write with. */
  abstract transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;

  /** The account, locked; null when there is none. */
  abstract lock(em: EntityManager, userId: string): Promise<AccountRole | null>;

  /** The accounts among `ids`, all locked in id order (so two callers locking the same pair never deadlock). */
  abstract lockAll(em: EntityManager, ids: readonly string[]): Promise<AccountRole[]>;

  /** The account's role as it is in this transaction; null when there is none. */
  abstract roleOf(em: EntityManager, userId: string): Promise<AppRole | null>;

  abstract setRole(em: EntityManager, userId: string, role: AppRole, at: Date): Promise<void>;

  /** The account's pending admin grant (there is at most one), locked, with its requester's role now. */
  abstract lockPendingGrant(em: EntityManager, userId: string): Promise<AdminGrant | null>;

  abstract requestGrant(em: EntityManager, request: AdminGrantRequest): Promise<void>;

  abstract approveGrant(em: EntityManager, grantId: string, approvedBy: string, at: Date): Promise<void>;

  /** Withdraws the account's pending grant, if any. */
  abstract cancelPendingGrant(em: EntityManager, userId: string, decidedBy: string | null, at: Date): Promise<void>;

  /** The pending grants of these accounts, by account id. */
  abstract pendingGrants(em: EntityManager, userIds: readonly string[]): Promise<Map<string, PendingAdminGrant>>;
}
