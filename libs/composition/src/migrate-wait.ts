import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { recordedMigrations, trackingTableExists } from './sql/migration-tracking.js';

/** One look at the database: the migrations it still lacks, or why it could not be asked. */
export type SchemaLook = { pending: string[] } | { error: string };

export type WaitStep =
  { state: 'ready' } | { state: 'waiting'; reason: string } | { state: 'timed-out'; reason: string };

/** What the wait loop does after a look: go on when nothing is pending, else poll again until the deadline. */
export function nextWaitStep(look: SchemaLook, elapsedMs: number, timeoutMs: number): WaitStep {
  if ('pending' in look && look.pending.length === 0) return { state: 'ready' };
  const reason =
    'pending' in look
      ? `${look.pending.length} migration(s) pending: ${look.pending.join(', ')}`
      : `database not reachable: ${look.error}`;
  return elapsedMs >= timeoutMs ? { state: 'timed-out', reason } : { state: 'waiting', reason };
}

/**
 * The known migrations the database has not recorded. Reads the tracking table with a plain query:
 * MikroORM's own getPending() creates the database and the table when missing, which a pod that
 * only waits must not race the migrate Job on.
 */
export async function pendingMigrations(
  databaseUrl: string,
  known: readonly string[],
  tableName = 'mikro_orm_migrations',
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    if (!(await trackingTableExists(client, tableName))) return [...known];
    const executed = new Set(
      (await recordedMigrations(client, tableName)).map((name) => name.replace(/\.(js|ts)$/, '')),
    );
    return known.filter((name) => !executed.has(name));
  } finally {
    await client.end().catch(() => undefined);
  }
}

export class MigrationWaitTimeout extends Error {}

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  onWait?: (reason: string) => void;
}

/** Polls until every known migration is recorded; rejects with MigrationWaitTimeout naming the last reason. */
export async function waitForMigrations(
  databaseUrl: string,
  known: readonly string[],
  { timeoutMs, intervalMs = 2000, onWait }: WaitOptions,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    const look: SchemaLook = await pendingMigrations(databaseUrl, known).then(
      (pending) => ({ pending }),
      (error: Error) => ({ error: error.message }),
    );
    const step = nextWaitStep(look, Date.now() - started, timeoutMs);
    if (step.state === 'ready') return;
    if (step.state === 'timed-out')
      throw new MigrationWaitTimeout(
        `gave up after ${Math.round(timeoutMs / 1000)} s waiting for migrations: ${step.reason}`,
      );
    onWait?.(step.reason);
    await sleep(Math.min(intervalMs, Math.max(0, timeoutMs - (Date.now() - started))));
  }
}
