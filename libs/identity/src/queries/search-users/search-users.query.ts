import { Query } from '@nestjs/cqrs';
import type { AppRole } from '../../entities/user.entity.js';
import type { PendingAdminGrant } from '../../domain/admin-grant.js';

export interface UserRecord {
  id: string;
  email: string;
  role: AppRole;
  createdAt: string;
  emailConfirmedAt: string | null;
  lastSignInAt: string | null;
  /** A request to make this user an admin, waiting for a second admin. */
  pendingAdminGrant: PendingAdminGrant | null;
}

/** Staff lookup: users whose email contains the text (case-insensitive), or one user by id; newest first. */
export class SearchUsersQuery extends Query<UserRecord[]> {
  constructor(
    readonly text: string,
    readonly limit = 50,
  ) {
    super();
  }
}
