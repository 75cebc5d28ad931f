import type pg from 'pg';

/**
 * Plain queries on MikroORM's migration tracking, on a connection of the caller's (MikroORM's own
 * getPending() creates the database and the table when missing, which a pod that only waits must
 * not race the migrate Job on).
 */

export async function trackingTableExists(client: pg.Client, tableName: string): Promise<boolean> {
  const {
    rows: [table],
  } = await client.query<{ exists: boolean }>('select to_regclass($1) is not null as exists', [tableName]);
  return table?.exists === true;
}

/** The names of the migrations recorded as run, as stored (some with a .js or .ts suffix). */
export async function recordedMigrations(client: pg.Client, tableName: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`select name from ${client.escapeIdentifier(tableName)}`);
  return rows.map((row) => row.name);
}

/** Waits for the session advisory lock `key`; it is released when the session ends. */
export async function waitForAdvisoryLock(client: pg.Client, key: number): Promise<void> {
  await client.query('select pg_advisory_lock($1)', [key]);
}
