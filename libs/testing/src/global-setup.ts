import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrate } from '#app/composition';

/**
 * One database per run, migrated once, as the template of one clone per Jest worker: parallel
 * suites never see each other's rows, jobs or outbox. The clones' URLs reach the workers through
 * the environment; scripts/lib/jest-environment.mjs gives each worker its own as TEST_DATABASE_URL.
 */
export default async function globalSetup(globalConfig?: { maxWorkers?: number }): Promise<void> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const template = `fanmint_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const workers = Math.max(1, globalConfig?.maxWorkers ?? 1);
  const clones = Array.from({ length: workers }, (_, i) => `${template}_w${i + 1}`);
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${template}`);
    // Set first, so the teardown drops whatever was made if a step below fails.
    process.env.TEST_DATABASE_NAMES = [template, ...clones].join(' ');
    await migrate(urlOf(template));
    for (const clone of clones) await createFromTemplate(client, clone, template);
  } finally {
    await client.end();
  }
  process.env.TEST_DATABASE_WORKER_URLS = clones.map(urlOf).join(' ');
  process.env.TEST_PORT_BLOCKS = String(workers); // freePort(): each worker its own range of ports
  // Worker 1's, for whatever reads it outside a Jest test environment (run in band, it is the one).
  process.env.TEST_DATABASE_URL = urlOf(clones[0]);
}

/** CREATE DATABASE … TEMPLATE needs the template idle: the migration's pool may take a moment to let go. */
async function createFromTemplate(client: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error; // object_in_use
      await sleep(100);
    }
  }
}
