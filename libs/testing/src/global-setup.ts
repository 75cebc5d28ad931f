import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { waitFor } from './wait.js';

/** Any fixed number: runs on one PostgreSQL (several checkouts, CI) queue on it to build or drop a template. */
const TEMPLATE_LOCK = 7_316_442_207;
const TEMPLATE_PREFIX = 'fanmint_tpl_';

/**
 * One migrated database as the template of one clone per Jest worker: parallel suites never see each
 * other's rows, jobs or outbox. The template is named after the migrations it holds and kept between
 * runs, so a run whose migrations are unchanged clones in a second instead of migrating again (and
 * does not even load the modules); a template of other migrations is dropped when a new one is made.
 * The clones' URLs reach the workers through the environment; scripts/lib/jest-environment.mjs gives
 * each worker its own as TEST_DATABASE_URL.
 */
export default async function globalSetup(globalConfig?: { maxWorkers?: number }): Promise<void> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const template = `${TEMPLATE_PREFIX}${migrationsFingerprint()}`;
  const run = `fanmint_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const workers = Math.max(1, globalConfig?.maxWorkers ?? 1);
  const clones = Array.from({ length: workers }, (_, i) => `${run}_w${i + 1}`);
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // A session lock on the admin connection (a direct one): held while the template is built and cloned.
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    // Set first, so the teardown drops whatever was made if a step below fails.
    process.env.TEST_DATABASE_NAMES = clones.join(' ');
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [template]);
    if (!rowCount) await buildTemplate(client, template, urlOf);
    for (const clone of clones) await createFromTemplate(client, clone, template);
  } finally {
    await client.end();
  }
  process.env.TEST_DATABASE_WORKER_URLS = clones.map(urlOf).join(' ');
  process.env.TEST_PORT_BLOCKS = String(workers); // freePort(): each worker its own range of ports
  // Worker 1's, for whatever reads it outside a Jest test environment (run in band, it is the one).
  process.env.TEST_DATABASE_URL = urlOf(clones[0]);
}

/** Migrates a new database under a temporary name, then gives it the template's; older templates go. */
async function buildTemplate(client: pg.Client, template: string, urlOf: (name: string) => string): Promise<void> {
  const building = `${template}_building_${randomBytes(3).toString('hex')}`;
  await client.query(`create database ${building}`);
  try {
    const { migrate } = await import('#app/composition');
    await migrate(urlOf(building));
    await retryWhileInUse(() => client.query(`alter database ${building} rename to ${template}`));
  } catch (error) {
    await client.query(`drop database if exists ${building} with (force)`).catch(() => undefined);
    throw error;
  }
  const { rows } = await client.query<{ datname: string }>(
    'select datname from pg_database where datname like $1 and datname <> $2',
    [`${TEMPLATE_PREFIX}%`, template],
  );
  for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
}

/** The migrations' sources (and the ORM setup that runs them): a change to any gives a new template. */
function migrationsFingerprint(): string {
  const root = process.cwd();
  const hash = createHash('sha256');
  const files: string[] = [
    join(root, 'libs/composition/src/orm-setup.ts'),
    join(root, 'libs/composition/src/migrate.ts'),
  ];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) files.push(path);
    }
  };
  for (const lib of readdirSync(join(root, 'libs'))) {
    for (const dir of ['database', 'entities']) {
      try {
        walk(join(root, 'libs', lib, 'src', dir));
      } catch {
        // this lib has no such folder
      }
    }
  }
  for (const file of files.sort())
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** CREATE DATABASE … TEMPLATE needs the template idle: the migration's pool may take a moment to let go. */
async function createFromTemplate(client: pg.Client, name: string, template: string): Promise<void> {
  await retryWhileInUse(() => client.query(`create database ${name} template ${template}`));
}

async function retryWhileInUse(statement: () => Promise<unknown>): Promise<void> {
  await waitFor(
    () =>
      statement().then(
        () => true,
        (error: { code?: string }) => {
          if (error.code !== '55006') throw error; // anything but object_in_use
          return false;
        },
      ),
    { timeoutMs: 5_000, intervalMs: 50, what: 'the template database to be idle' },
  );
}
