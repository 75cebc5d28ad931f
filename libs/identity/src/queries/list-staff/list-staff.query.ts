import { Query } from '@nestjs/cqrs';
import type { UserSummary } from '../find-user/find-user.query.js';

/** Everyone with one of these roles (e.g. who to warn about a moderation deadline). */
export class ListStaffQuery extends Query<UserSummary[]> {
  constructor(readonly roles: readonly ('moderator' | 'admin')[]) {
    super();
  }
}
