import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig, ormConfig } from '#app/platform';
import { ORM_SETUP } from './composition.js';

/** Applies pending migrations once; run before the api and worker start. */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init({ ...ormConfig(databaseUrl, ORM_SETUP), discovery: { warnWhenNoEntities: false } });
  try {
    const applied = await orm.migrator.up();
    return applied.map((migration) => migration.name);
  } finally {
    await orm.close();
  }
}

if (process.argv[1]?.endsWith('migrate.js')) {
  const applied = await migrate(loadConfig({ ...process.env, SMTP_URL: process.env.SMTP_URL ?? 'smtp://unused:25', JWT_SECRET: process.env.JWT_SECRET ?? 'x'.repeat(32) }).DATABASE_URL);
  console.log(JSON.stringify({ level: 'info', msg: 'migrations applied', applied }));
}
