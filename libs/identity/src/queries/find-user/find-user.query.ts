import { Query } from '@nestjs/cqrs';

export interface UserSummary {
  id: string;
  email: string;
  role: string;
}

/** A user as FindUserQuery answers: also whether the account was deleted (erased; the row stays, anonymised). */
export interface FoundUser extends UserSummary {
  deleted: boolean;
}

/** A user's id, email and role, for other modules (null when there is no such user). */
export class FindUserQuery extends Query<FoundUser | null> {
  constructor(readonly userId: string) {
    super();
  }
}
