import pg from 'pg';

/** Drops the run's template and its per-worker clones (KEEP_TEST_DATABASE=1 keeps them to look at). */
export default async function globalTeardown(): Promise<void> {
  const names = (process.env.TEST_DATABASE_NAMES ?? '').split(' ').filter(Boolean);
  if (names.length === 0 || process.env.KEEP_TEST_DATABASE) return;
  const client = new pg.Client({
    connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await client.connect();
  try {
    for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
