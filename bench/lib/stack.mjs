// The stack the checkout benchmarks (bench:purchases, bench:capacity) run against: a fresh migrated
// database, an SMTP sink, a Redis key prefix and the built sandbox acquirer, each undone by `cleanup`
// (bench/lib/services.mjs cleanupRegistry) at the end, on a failure and on Ctrl-C.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { childEnv, findFreePort, rootDir } from '../../scripts/lib/util.mjs';
import { waitForHealth } from './load.mjs';
import { startService } from './services.mjs';

const pg = (await import('pg')).default;
const { SMTPServer } = await import('smtp-server');
const { Redis } = await import('ioredis');

/** Creates `dbName` on `adminUrl`, migrates it with the built migrate.js and connects a client to it. */
export async function createBenchDatabase(cleanup, { adminUrl, dbName, log }) {
  const adminQuery = async (sql) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(sql).finally(() => admin.end());
  };
  await adminQuery(`create database ${dbName}`);
  cleanup.add(
    async () => (await adminQuery(`drop database if exists ${dbName} with (force)`), log(`dropped database ${dbName}`)),
  );
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const migrate = spawnSync(process.execPath, [join(rootDir, 'dist/apps/api/src/migrate.js')], {
    cwd: rootDir,
    env: childEnv({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}${migrate.stderr}`);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanup.add(() => db.end());
  return { databaseUrl, db };
}

/** An SMTP server that accepts and drops every message (the api needs SMTP_URL); resolves its URL. */
export async function startSmtpSink(cleanup) {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _s, done) => stream.resume().on('end', () => done()),
  });
  await new Promise((resolve, reject) => smtp.once('error', reject).listen(0, '127.0.0.1', resolve));
  cleanup.add(() => new Promise((resolve) => smtp.close(resolve)));
  return `smtp://127.0.0.1:${smtp.server.address().port}`;
}

/** Deletes every `<prefix>:*` key at cleanup: what the run's api and worker left in Redis. */
export function removeRedisPrefixAtCleanup(cleanup, redisUrl, prefix) {
  cleanup.add(async () => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    for (let cursor = '0', keys; ;) {
      [cursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      if (cursor === '0') break;
    }
    await redis.quit();
  });
}

/**
 * Free ports for the api and the acquirer from `firstPort`, and the built acquirer started on its own
 * schema of the bench database, its webhooks addressed to that api; resolves once it answers /health.
 */
export async function startBenchAcquirer(
  cleanup,
  { tag, tmp, databaseUrl, firstPort, schema = 'acquirer', nodeFlags = [] },
) {
  const port = await findFreePort(firstPort);
  const acquirerPort = await findFreePort(port + 1);
  const baseUrl = `http://127.0.0.1:${port}`;
  const acquirerUrl = `http://127.0.0.1:${acquirerPort}`;
  const secretKey = `sk_test_bench_${randomBytes(16).toString('hex')}`;
  const webhookSecrets = [`whsec_bench_${randomBytes(16).toString('hex')}`];
  const acquirer = startService(cleanup, {
    name: 'acquirer',
    tag,
    tmp,
    nodeFlags,
    env: {
      ACQUIRER_PORT: String(acquirerPort),
      ACQUIRER_HOST: '127.0.0.1',
      ACQUIRER_PUBLIC_URL: acquirerUrl,
      ACQUIRER_DATABASE_URL: databaseUrl,
      ACQUIRER_SCHEMA: schema,
      ACQUIRER_SECRET_KEY: secretKey,
      ACQUIRER_WEBHOOK_SECRETS: webhookSecrets.join(','),
      ACQUIRER_WEBHOOK_URL: `${baseUrl}/api/payments/webhooks/sandbox`,
      // No session may expire mid-run: its checkout_session.expired webhook would land in the measurements.
      ACQUIRER_SESSION_TTL_SECONDS: '7200',
      ACQUIRER_LOG_LEVEL: 'warn',
    },
  });
  await waitForHealth(`${acquirerUrl}/health`, acquirer.child).catch((error) =>
    Promise.reject(new Error(`${error.message}\n${acquirer.lastOutput()}`)),
  );
  return { port, baseUrl, acquirer, acquirerUrl, secretKey, webhookSecrets };
}

/**
 * Per-run secrets for an api or worker with NODE_ENV=production, which refuses a missing or published
 * PUBLIC_ANON_KEY, DATA_ENCRYPTION_KEY or METRICS_TOKEN (libs/platform/src/config/production-secrets.ts).
 */
export function productionSecrets() {
  return {
    PUBLIC_ANON_KEY: `bench-anon-${randomBytes(24).toString('base64url')}`,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    METRICS_TOKEN: randomBytes(24).toString('base64url'),
  };
}
