import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { migrate } from '../../../apps/api/src/migrate.js';

/** One fresh database per test run, migrated once; its URL reaches every suite through the environment. */
export default async function globalSetup(): Promise<void> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `fanmint_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
  process.env.TEST_DATABASE_NAME = name;
  await migrate(url.toString());
}
