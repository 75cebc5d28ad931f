import { Command } from '@nestjs/cqrs';
import type { AppRole } from '../../entities/user.entity.js';
import type { UserSummary } from '../../queries/find-user/find-user.query.js';
import type { PendingAdminGrant } from '../../domain/admin-grant.js';

export const APP_ROLES: readonly AppRole[] = ['fan', 'creator', 'moderator', 'admin'];

/**
 * Gives a user a role, audited. `onlyFrom` makes it conditional (an accepted verification turns a
 * fan into a creator but never demotes staff); the result says whether anything changed. Making an
 * admin takes a second admin: the first request comes back as `pendingAdminGrant`.
 */
export interface ChangeUserRoleResult {
  user: UserSummary;
  changed: boolean;
  pendingAdminGrant: PendingAdminGrant | null;
}

export class ChangeUserRoleCommand extends Command<ChangeUserRoleResult> {
  constructor(
    readonly userId: string,
    readonly role: AppRole,
    readonly actorId: string | null,
    readonly reason: string,
    readonly ip: string | null = null,
    readonly onlyFrom: readonly AppRole[] | null = null,
  ) {
    super();
  }
}
