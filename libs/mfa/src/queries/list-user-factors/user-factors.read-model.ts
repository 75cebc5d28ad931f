import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { FactorJson } from '#app/identity';

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
 * A user's factors as the user JSON shows them. It runs on every GET /auth/v1/user, so it is one
 * plain query, without entity hydration.
 */
@Injectable()
export class UserFactorsReadModel {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async list(userId: string): Promise<FactorJson[]> {
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
