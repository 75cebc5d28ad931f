import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../../entities/user.entity.js';
import { FindUserQuery, type FoundUser } from './find-user.query.js';

@QueryHandler(FindUserQuery)
export class FindUserHandler implements IQueryHandler<FindUserQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: FindUserQuery): Promise<FoundUser | null> {
    const user = await this.orm.em.fork().findOne(User, userId);
    return user ? { id: user.id, email: user.email, role: user.appRole, deleted: user.deletedAt !== null } : null;
  }
}
