import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../../entities/user.entity.js';
import { SearchUsersQuery, type UserRecord } from './search-users.query.js';
import { AccountRoleRepository } from '../../repositories/account-role.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@QueryHandler(SearchUsersQuery)
export class SearchUsersHandler implements IQueryHandler<SearchUsersQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(AccountRoleRepository) private readonly accounts: AccountRoleRepository,
  ) {}

  async execute({ text, limit }: SearchUsersQuery): Promise<UserRecord[]> {
    const needle = text.trim().toLowerCase();
    const escaped = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
    const where = UUID.test(needle) ? { id: needle } : { email: { $ilike: `%${escaped}%` } };
    const em = this.orm.em.fork();
    const users = await em.find(User, where, { orderBy: { createdAt: 'desc' }, limit });
    const grants = await this.accounts.pendingGrants(
      em,
      users.map((user) => user.id),
    );
    return users.map((user) => ({
      id: user.id,
      email: user.email,
      role: user.appRole,
      createdAt: user.createdAt.toISOString(),
      emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null,
      lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
      pendingAdminGrant: grants.get(user.id) ?? null,
    }));
  }
}
