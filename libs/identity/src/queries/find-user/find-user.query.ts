import { Query } from '@nestjs/cqrs';

export interface UserSummary {
  id: string;
  email: string;
  role: string;
}

/** A user's id, email and role, for other modules (null when there is no such user). */
export class FindUserQuery extends Query<UserSummary | null> {
  constructor(readonly userId: string) {
    super();
  }
}
