import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { ormConfig } from '#app/platform';
import { SEED_PAYEES_SQL, SEED_SALES_SQL } from '#app/payouts';
import { ORM_SETUP } from '#app/composition';

/**
 * Issue 33: the setting that lets the partition keeper move rows out of an immutable table's default
 * partition (fanmint.repartitioning) is any session's to set. Here the application runs as its own
 * role, as in production (data rights only; the migration role owns the tables): setting it lets
 * nothing through, while the keeper, called by that role, still moves rows.
 */
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
const name = `fanmint_test_bypass_${suffix}`;
const appRole = `fanmint_app_${suffix}`;
let orm: MikroORM;
let app: pg.Client;

const urlFor = (user: string | null) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (user) url.username = user;
  return url.toString();
};
const asAdmin = async (sql: string, database = 'postgres') => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};
const count = async (sql: string, params: unknown[] = []) =>
  (await orm.em.fork().execute<{ n: number }[]>(sql, params))[0].n;

beforeAll(async () => {
  await asAdmin(`create database ${name}`);
  orm = await MikroORM.init({ ...ormConfig(urlFor(null), ORM_SETUP), discovery: { warnWhenNoEntities: false } });
  await orm.migrator.up();
  await asAdmin(`create role ${appRole} login`);
  await asAdmin(
    `grant usage on schema public to ${appRole}; grant select, insert, update, delete on all tables in schema public to ${appRole}; grant usage on all sequences in schema public to ${appRole}`,
    name,
  );
  app = new pg.Client({ connectionString: urlFor(appRole) });
  await app.connect();
});

afterAll(async () => {
  await app?.end();
  await orm?.close(true);
  await asAdmin(`drop database if exists ${name} with (force)`);
  await asAdmin(`drop role if exists ${appRole}`);
});

describe('the repartitioning bypass belongs to the migration role', () => {
  it('the app role setting fanmint.repartitioning deletes no audit row, yet the keeper it calls still moves rows into their month', async () => {
    // Past the months made ahead: the row waits in the default partition.
    const later = new Date(Date.UTC(new Date().getUTCFullYear() + 2, 0, 15));
    const action = `test.${randomUUID()}`;
    await app.query(`insert into audit_log (action, created_at) values ($1, $2)`, [action, later]);
    expect(await count(`select count(*)::int as n from audit_log_default where action = ?`, [action])).toBe(1);

    await app.query('begin');
    await app.query(`select set_config('fanmint.repartitioning', 'on', true)`);
    await app.query(`delete from audit_log_default where action = $1`, [action]);
    await app.query('commit');
    expect(await count(`select count(*)::int as n from audit_log where action = ?`, [action])).toBe(1);

    await app.query(`select monthly_partitions_add('audit_log', 30)`);
    const [row] = await orm.em
      .fork()
      .execute<{ part: string }[]>(`select tableoid::regclass::text as part from audit_log where action = ?`, [action]);
    expect(row.part).toBe(`audit_log_${later.toISOString().slice(0, 4)}_01`);
  });

  it('the app role setting fanmint.repartitioning cannot delete ledger entries waiting in a default partition', async () => {
    const payee = randomUUID();
    const later = new Date(Date.UTC(new Date().getUTCFullYear() + 2, 0, 15));
    await app.query(
      `insert into ledger_accounts (owner_id, kind, currency) values (null, 'provider_clearing', 'EUR'), (null, 'platform_revenue', 'EUR') on conflict do nothing`,
    );
    const { rows } = await app.query<{ id: string; kind: string }>(
      `select id, kind from ledger_accounts where owner_id is null and currency = 'EUR'`,
    );
    const account = (kind: string) => rows.find((row) => row.kind === kind)!.id;
    await app.query(SEED_PAYEES_SQL, [JSON.stringify([payee]), 'EUR']);
    await app.query(SEED_SALES_SQL, [
      JSON.stringify([payee]),
      'EUR',
      1,
      1000,
      later.toISOString().slice(0, 10),
      later.toISOString(),
      account('provider_clearing'),
      account('platform_revenue'),
    ]);
    const waiting = await count(`select count(*)::int as n from ledger_entries_default`);
    expect(waiting).toBe(3);

    await app.query('begin');
    await app.query(`select set_config('fanmint.repartitioning', 'on', true)`);
    await expect(app.query(`delete from ledger_entries_default`)).rejects.toThrow('ledger rows are immutable');
    await app.query('rollback');
    expect(await count(`select count(*)::int as n from ledger_entries_default`)).toBe(waiting);
  });
});
