import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { ListUserFactorsQuery, type FactorJson } from '#app/identity';

interface FactorRow {
  id: string;
  friendly_name: string;
  status: 'verified' | 'unverified';
  created_at: string | Date;
  updated_at: string | Date;
  last_challenged_at: string | Date | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * Answers identity's question: the user's factors, for the user JSON and the aal checks. It runs
 * on every GET /auth/v1/user, so it is one plain query, without entity hydration.
 */
@QueryHandler(ListUserFactorsQuery)
export class ListUserFactorsHandler implements IQueryHandler<ListUserFactorsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: ListUserFactorsQuery): Promise<FactorJson[]> {
    const rows = await this.orm.em
      .getConnection()
      .execute<FactorRow[]>(
        `select id, friendly_name, status, created_at, updated_at, last_challenged_at from mfa_factors where user_id = ? order by created_at`,
        [userId],
      );
    return rows.map((row) => ({
      id: row.id,
      ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
      factor_type: 'totp' as const,
      status: row.status,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      phone: '',
      last_challenged_at: row.last_challenged_at ? iso(row.last_challenged_at) : null,
    }));
  }
}
