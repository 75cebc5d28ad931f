import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { AuditLog, KeepPartitionsJob, ormConfig } from '#app/platform';
import { ORM_SETUP } from '#app/composition';

// Its own database: the audit log is filled before the partitioning migration runs, as in production.
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `fanmint_test_audit_${Date.now()}_${randomBytes(3).toString('hex')}`;
const PARTITIONING = 'Migration20261201110000AuditLogPartitions';
let orm: MikroORM;

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(query, params);
const monthName = (date: Date) => `audit_log_${date.toISOString().slice(0, 7).replace('-', '_')}`;
const inMonths = (months: number) =>
  new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + months, 15));
/** Where each row of `ids` is stored. */
const partitionsOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      await sql<{ id: string; part: string }>(
        `select id::text, tableoid::regclass::text as part from audit_log where id in (select jsonb_array_elements_text(?::jsonb)::bigint)`,
        [JSON.stringify(ids)],
      )
    ).map((r) => [r.id, r.part]),
  );

const OLD = [
  { action: 'content.removed', createdAt: '2025-03-15T10:00:00Z' },
  { action: 'mfa.disabled_by_staff', createdAt: '2026-06-30T23:59:59.999Z' },
  { action: 'moderation.case_resolved', createdAt: null },
];
const oldIds: string[] = [];

beforeAll(async () => {
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  orm = await MikroORM.init({ ...ormConfig(url.toString(), ORM_SETUP), discovery: { warnWhenNoEntities: false } });
  const pending = (await orm.migrator.getPending()).map((migration) => migration.name);
  const before = pending[pending.indexOf(PARTITIONING) - 1];
  await orm.migrator.up({ to: before });
  for (const row of OLD) {
    const [{ id }] = await sql<{ id: string }>(
      `insert into audit_log (actor_id, action, target_type, target_id, details, created_at) values (?, ?, 'content', ?, ?, coalesce(?::timestamptz, now())) returning id::text`,
      [randomUUID(), row.action, randomUUID(), JSON.stringify({ reason: row.action }), row.createdAt],
    );
    oldIds.push(id);
  }
  await orm.migrator.up();
}, 120_000);

afterAll(async () => {
  await orm?.close();
  await admin(`drop database if exists ${name} with (force)`);
});

describe('audit log partitioned by month', () => {
  it('keeps every row written before the migration, readable with its id and content, each in its month', async () => {
    const rows = await sql<{ id: string; action: string; details: { reason: string } }>(
      `select id::text, action, details from audit_log order by id`,
    );
    expect(rows).toEqual(OLD.map((row, i) => ({ id: oldIds[i], action: row.action, details: { reason: row.action } })));
    expect(await partitionsOf(oldIds)).toEqual({
      [oldIds[0]]: 'audit_log_2025_03',
      [oldIds[1]]: 'audit_log_2026_06',
      [oldIds[2]]: monthName(new Date()),
    });
    const [{ kind }] = await sql<{ kind: string }>(
      `select relkind::text as kind from pg_class where relname = 'audit_log'`,
    );
    expect(kind).toBe('p');
  });

  it('has partitions ready for the coming months and lands new writes of the real write path in this month', async () => {
    const existing = (
      await sql<{ part: string }>(
        `select inhrelid::regclass::text as part from pg_inherits where inhparent = 'audit_log'::regclass`,
      )
    ).map((r) => r.part);
    for (const months of [0, 1, 6, 12]) expect(existing).toContain(monthName(inMonths(months)));
    expect(existing).toContain('audit_log_default');

    const targetId = randomUUID();
    await orm.em.fork().transactional((em) =>
      new AuditLog().record(em, {
        actorId: randomUUID(),
        action: 'store.suspended',
        targetType: 'store',
        targetId,
        details: { note: 'x' },
        ipAddress: '192.0.2.1',
      }),
    );
    const [written] = await sql<{ id: string; part: string }>(
      `select id::text, tableoid::regclass::text as part from audit_log where target_id = ?`,
      [targetId],
    );
    expect(written.part).toBe(monthName(new Date()));
    expect(BigInt(written.id)).toBeGreaterThan(BigInt(oldIds[2]));
  });

  it('takes a row past the prepared months in the default partition, and moves it into its month when partitions are added', async () => {
    const far = inMonths(30);
    const [{ id }] = await sql<{ id: string }>(
      `insert into audit_log (action, created_at) values ('far.future', ?) returning id::text`,
      [far.toISOString()],
    );
    expect(await partitionsOf([id])).toEqual({ [id]: 'audit_log_default' });
    const [{ added }] = await sql<{ added: number }>(`select monthly_partitions_add('audit_log', 31) as added`);
    expect(added).toBe(31 - 12);
    expect(await partitionsOf([id])).toEqual({ [id]: monthName(far) });
    expect((await sql(`select 1 from audit_log_default`)).length).toBe(0);
    const [{ again }] = await sql<{ again: number }>(`select monthly_partitions_add('audit_log', 31) as again`);
    expect(again).toBe(0);
  });

  it("has the worker's daily job put back a month that is missing from the year ahead", async () => {
    const month = monthName(inMonths(12));
    await sql(`drop table ${month}`);
    await new KeepPartitionsJob(orm).handle();
    expect(
      await sql(`select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid where c.relname = ?`, [month]),
    ).toHaveLength(1);
  });

  it('still refuses to change or remove an entry, through the parent and through a partition', async () => {
    await sql(`update audit_log set action = 'forged' where id = ?`, [oldIds[0]]);
    await sql(`delete from audit_log where id = ?`, [oldIds[1]]);
    await sql(`delete from audit_log_2025_03`);
    await sql(`update audit_log_default set action = 'forged'`);
    const rows = await sql<{ action: string }>(
      `select action from audit_log where id in (select jsonb_array_elements_text(?::jsonb)::bigint) order by id`,
      [JSON.stringify(oldIds)],
    );
    expect(rows.map((r) => r.action)).toEqual(OLD.map((row) => row.action));
  });
});
