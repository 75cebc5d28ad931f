import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { loadConfig } from '#app/platform';
import { knownMigrations, migrate, MigrationWaitTimeout, pendingMigrations, waitForMigrations } from '#app/composition';

const log = (level: string, msg: string, extra: object = {}) => console.log(JSON.stringify({ level, msg, ...extra }));

/**
 * `migrate.js` applies; `--check` exits 1 while any migration is pending; `--wait [--timeout=seconds]`
 * polls until none is (an initContainer's gate, so pods never serve on an old schema), exit 2 on time-out.
 */
async function cli(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { check: { type: 'boolean' }, wait: { type: 'boolean' }, timeout: { type: 'string', default: '600' } },
  });
  const databaseUrl = loadConfig({
    ...process.env,
    SMTP_URL: process.env.SMTP_URL ?? 'smtp://unused:25',
    JWT_SECRET: process.env.JWT_SECRET ?? 'x'.repeat(32),
  }).DATABASE_URL;
  if (values.check) {
    const pending = await pendingMigrations(databaseUrl, knownMigrations(databaseUrl));
    log(pending.length ? 'warn' : 'info', pending.length ? 'migrations pending' : 'schema current', { pending });
    return pending.length ? 1 : 0;
  }
  if (values.wait) {
    const timeoutSeconds = Number(values.timeout);
    if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
      log('error', `--timeout must be a positive number of seconds, got ${values.timeout}`);
      return 64;
    }
    try {
      await waitForMigrations(databaseUrl, knownMigrations(databaseUrl), {
        timeoutMs: timeoutSeconds * 1000,
        onWait: (reason) => log('info', 'waiting for migrations', { reason }),
      });
    } catch (error) {
      if (!(error instanceof MigrationWaitTimeout)) throw error;
      log('error', error.message);
      return 2;
    }
    log('info', 'schema current');
    return 0;
  }
  log('info', 'migrations applied', { applied: await migrate(databaseUrl) });
  return 0;
}

process.exitCode = await cli(process.argv.slice(2));
