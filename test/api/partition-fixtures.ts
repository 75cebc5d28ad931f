import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ormConfig } from '#app/platform';
import { ORM_SETUP } from '#app/composition';

/**
 * A database of a suite's own, migrated up to just before `migration`: the suite fills it as an older
 * release left it, then applies the rest (`finish`), as production would.
 */
export interface OwnDatabase {
  orm: MikroORM;
  sql<T extends object>(query: string, params?: unknown[]): Promise<T[]>;
  finish(): Promise<void>;
  drop(): Promise<void>;
}

const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
};

export async function databaseBefore(migration: string, label: string): Promise<OwnDatabase> {
  const name = `fanmint_test_${label}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const orm = await MikroORM.init({
    ...ormConfig(url.toString(), ORM_SETUP),
    discovery: { warnWhenNoEntities: false },
  });
  const pending = (await orm.migrator.getPending()).map((m) => m.name);
  if (!pending.includes(migration)) throw new Error(`no migration ${migration}`);
  await orm.migrator.up({ to: pending[pending.indexOf(migration) - 1] });
  return {
    orm,
    sql: <T extends object>(query: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(query, params),
    finish: async () => {
      await orm.migrator.up();
    },
    drop: async () => {
      await orm.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The 15th of the month `months` from now (UTC). */
export const inMonths = (months: number) =>
  new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + months, 15));

/** `<table>_YYYY_MM` of a date's month (UTC). */
export const monthPartition = (table: string, date: Date) =>
  `${table}_${date.toISOString().slice(0, 7).replace('-', '_')}`;

/** Rows of `table` not in the partition of their month (`column`): none once the keeper has run. */
export const misplacedSql = (table: string, column: string) =>
  `select count(*)::int as n from ${table} where tableoid::regclass::text <> '${table}_' || to_char(${column} at time zone 'UTC', 'YYYY_MM')`;
