import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../../entities/user.entity.js';
import type { UserSummary } from '../find-user/find-user.query.js';
import { ListStaffQuery } from './list-staff.query.js';

@QueryHandler(ListStaffQuery)
export class ListStaffHandler implements IQueryHandler<ListStaffQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ roles }: ListStaffQuery): Promise<UserSummary[]> {
    const users = await this.orm.em.fork().find(User, { appRole: { $in: [...roles] } }, { orderBy: { email: 'asc' } });
    return users.map((user) => ({ id: user.id, email: user.email, role: user.appRole }));
  }
}
