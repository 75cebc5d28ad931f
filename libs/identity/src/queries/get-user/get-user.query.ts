import { Query } from '@nestjs/cqrs';
import type { User } from '../../entities/user.entity.js';

export class GetUserQuery extends Query<Record<string, unknown>> {
  constructor(readonly user: User) {
    super();
  }
}
