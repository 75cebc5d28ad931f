import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { knownMigrations, migrate, MigrationWaitTimeout, pendingMigrations, waitForMigrations } from '#app/composition';
import { waitFor } from '#app/testing';

/** `migrate.js --wait`, the initContainer gate: against a real PostgreSQL database of its own. */
describe('migrate --wait', () => {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `fanmint_wait_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const known = knownMigrations(databaseUrl);

  async function admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  beforeAll(() => admin(`create database ${name}`));
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('knows every migration of the build', () => {
    expect(known.length).toBeGreaterThan(10);
    expect(new Set(known).size).toBe(known.length);
  });

  it('times out with a clear error on an empty database, and creates nothing there', async () => {
    const waits: string[] = [];
    const error = await waitForMigrations(databaseUrl, known, {
      timeoutMs: 600,
      intervalMs: 200,
      onWait: (reason) => waits.push(reason),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationWaitTimeout);
    expect((error as Error).message).toContain(`${known.length} migration(s) pending: ${known[0]}`);
    expect(waits.length).toBeGreaterThanOrEqual(1);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    await client.end();
    expect(rows[0].n).toBe(0);
  });

  it('keeps polling while the database is unreachable, then times out naming it', async () => {
    const missing = new URL(databaseUrl);
    missing.pathname = `/${name}_missing`;
    await expect(waitForMigrations(missing.toString(), known, { timeoutMs: 300, intervalMs: 100 })).rejects.toThrow(
      /database not reachable: .*does not exist/,
    );
  });

  it('returns once the migrate run has applied everything, and not before; two runs at once apply it once', async () => {
    let done = false;
    let looks = 0;
    const waiting = waitForMigrations(databaseUrl, known, {
      timeoutMs: 120_000,
      intervalMs: 100,
      onWait: () => looks++,
    }).then(() => (done = true));
    // It looked twice, found migrations pending each time, and kept waiting.
    await waitFor(() => looks >= 2, { what: 'two looks at the pending migrations' });
    expect(done).toBe(false);
    const runs = await Promise.all([migrate(databaseUrl), migrate(databaseUrl)]);
    expect(runs.map((applied) => applied.length).sort((a, b) => a - b)).toEqual([0, known.length]);
    expect(runs.flat()).toEqual(known);
    await waiting;
    expect(done).toBe(true);
    await expect(pendingMigrations(databaseUrl, known)).resolves.toEqual([]);
  });

  it('waits for a migration this build adds that the database lacks', async () => {
    await expect(pendingMigrations(databaseUrl, [...known, 'Migration29990101000000'])).resolves.toEqual([
      'Migration29990101000000',
    ]);
  });
});
