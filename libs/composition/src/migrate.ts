import 'reflect-metadata';
import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '#app/platform';
import { ORM_SETUP } from './orm-setup.js';
import { waitForAdvisoryLock } from './sql/migration-tracking.js';

/** Any fixed number: the advisory lock two migrate runs (a Job retry, a manual run) queue on. */
const MIGRATE_LOCK = 7_316_442_201;

/**
 * Applies pending migrations once; run before the api and worker start. A second run started
 * meanwhile waits on the lock, then finds nothing pending.
 */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await waitForAdvisoryLock(lock, MIGRATE_LOCK);
    const orm = await MikroORM.init({ ...ormConfig(databaseUrl, ORM_SETUP), discovery: { warnWhenNoEntities: false } });
    try {
      const applied = await orm.migrator.up();
      return applied.map((migration) => migration.name);
    } finally {
      await orm.close();
    }
  } finally {
    // Ending the session releases the lock, also after a failure.
    await lock.end().catch(() => undefined);
  }
}

/** Every migration this build knows, in the order they run. */
export function knownMigrations(databaseUrl: string): string[] {
  return (ormConfig(databaseUrl, ORM_SETUP).migrations?.migrationsList ?? []).map((migration) => migration.name);
}
