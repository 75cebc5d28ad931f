import { Command } from '@nestjs/cqrs';
import type { AppRole } from '../../entities/user.entity.js';
import type { UserSummary } from '../../queries/find-user/find-user.query.js';

export const APP_ROLES: readonly AppRole[] = ['fan', 'creator', 'moderator', 'admin'];

/**
 * Gives a user a role, audited. `onlyFrom` makes it conditional (an accepted verification turns a
 * fan into a creator but never demotes staff); the result says whether anything changed.
 */
export class ChangeUserRoleCommand extends Command<{ user: UserSummary; changed: boolean }> {
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
