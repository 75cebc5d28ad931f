import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { migrate } from '#app/composition';
import { QUEUE_NAMES } from '#app/platform';
import { ClusterProcess } from './cluster-process.js';
import { MailInbox } from './mail-inbox.js';
import { startSandboxAcquirer, type SandboxAcquirer } from './sandbox-acquirer.js';
import { freePort } from './test-platform.js';
import { waitFor } from './wait.js';

export { ClusterProcess } from './cluster-process.js';

export interface ClusterOptions {
  apis?: number;
  workers?: number;
  /** The PostgreSQL server (admin URL); a fresh database is made on it. Default: the test server. */
  postgresAdminUrl?: string;
  /** Redis for queues and rate limits. Default: the test Redis. */
  redisUrl?: string;
  /** Any other setting, as the environment gives it to every process. */
  env?: Record<string, string>;
  /** Start a sandbox acquirer (its webhooks to the first api). */
  acquirer?: boolean;
}

export interface ClusterApi {
  baseUrl: string;
  inbox: MailInbox;
  db: pg.Pool;
}

export interface Cluster {
  apis: ClusterProcess[];
  workers: ClusterProcess[];
  inbox: MailInbox;
  acquirer: SandboxAcquirer | null;
  databaseUrl: string;
  storageDir: string;
  /** A pool on the cluster's database, for the test's own SQL. */
  db: pg.Pool;
  /** The api base URLs in turn (A, B, A, …): a client that alternates between instances. */
  next(): string;
  /** Api instance `i` as the factories take it (createConfirmedUser, verifiedCreator, …). */
  api(i: number): ClusterApi;
  /** One more worker, on the same settings. */
  addWorker(): Promise<ClusterProcess>;
  /**
   * Waits until nothing is left to do: every outbox row published, no job waiting, active or retrying in any queue
   * (the repeatable crons excepted) and no mail being received or held by the inbox. After it, no job can still
   * send or write something a second time, and a delivery cut off by a crash has been counted as dropped.
   */
  settled(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * N api and M worker processes on one fresh PostgreSQL database and one Redis namespace, sharing one
 * JWT secret, SMTP listener (in the test process) and STORAGE_DIR, as instances behind a load
 * balancer would. Live phase, real crons in the workers.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const adminUrl =
    options.postgresAdminUrl ?? process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = options.redisUrl ?? process.env.TEST_REDIS_URL;
  if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: the cluster runs in Redis mode');
  const databaseUrl = await createDatabase(adminUrl, `fanmint_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`);
  await migrate(databaseUrl);
  const inbox = await new MailInbox().start();
  inbox.dropWhenSenderHangsUp = true;
  const ports = await Promise.all(Array.from({ length: options.apis ?? 2 }, () => freePort()));
  const acquirer =
    options.acquirer === false
      ? null
      : await startSandboxAcquirer({
          webhookUrl: `http://127.0.0.1:${ports[0]}/api/payments/webhooks/sandbox`,
          env: { ACQUIRER_DATABASE_URL: databaseUrl },
        });
  const storageDir = mkdtempSync(join(tmpdir(), 'fanmint-cluster-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `c${randomBytes(4).toString('hex')}`,
    SMTP_URL: inbox.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
    TRUST_PROXY: 'true',
    LAUNCH_PHASE: 'live',
    STORAGE_DIR: storageDir,
    WEB_DIST: 'frontend/dist',
    LOG_LEVEL: 'info',
    BCRYPT_COST: '4', // as the test platform: the hash cost is not what these suites show
    ...(acquirer
      ? {
          SANDBOX_ACQUIRER_URL: acquirer.url,
          SANDBOX_ACQUIRER_SECRET_KEY: acquirer.secretKey,
          SANDBOX_ACQUIRER_WEBHOOK_SECRETS: acquirer.webhookSecrets.join(','),
        }
      : {}),
    ...options.env,
  };
  const letter = (i: number) => String.fromCharCode(65 + i);
  const apis = ports.map((port, i) => new ClusterProcess(`api-${letter(i)}`, 'api', env, port));
  const workers = Array.from(
    { length: options.workers ?? 2 },
    (_, i) => new ClusterProcess(`worker-${letter(i)}`, 'worker', env),
  );
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // The fault suites restart PostgreSQL under this pool: an idle client's lost connection is no crash.
  db.on('error', () => undefined);
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  // As the pool above: the fault suites stop Redis under this client.
  redis.on('error', () => undefined);
  const queuesIdle = async () => {
    for (const name of QUEUE_NAMES) {
      const key = `${env.REDIS_PREFIX}:${name}`;
      const [waiting, active, prioritized, delayed] = await Promise.all([
        redis.llen(`${key}:wait`),
        redis.llen(`${key}:active`),
        redis.zcard(`${key}:prioritized`),
        redis.zrange(`${key}:delayed`, 0, -1),
      ]);
      if (waiting + active + prioritized > 0 || delayed.some((id) => !id.startsWith('repeat:'))) return false;
    }
    return true;
  };
  const settled = async (timeoutMs = 30_000) => {
    const outboxPublished = async () =>
      (await db.query(`select 1 from outbox_message where published_at is null limit 1`)).rowCount === 0;
    const what = 'the outbox published, the queues idle and no mail being received';
    const idle = async () =>
      inbox.receiving === 0 && (await outboxPublished()) && (await queuesIdle()) && inbox.receiving === 0;
    await waitFor(idle, { timeoutMs, intervalMs: 100, what });
  };
  const close = async () => {
    redis.disconnect();
    // Graceful first (the shutdown suites show a process drains and exits); one still alive after 30 s
    // (a pool waiting on a server this suite stopped) is killed, so a teardown never waits on it.
    await Promise.all([...apis, ...workers].map((each) => stopWithin(each, 30_000)));
    await acquirer?.close();
    await inbox.stop();
    await db.end();
    await dropDatabase(adminUrl, databaseUrl);
    rmSync(storageDir, { recursive: true, force: true });
  };
  try {
    await Promise.all([...apis, ...workers].map((each) => each.start()));
  } catch (error) {
    await close();
    throw error;
  }
  let turn = 0;
  return {
    apis,
    workers,
    inbox,
    acquirer,
    databaseUrl,
    storageDir,
    db,
    next: () => apis[turn++ % apis.length].baseUrl,
    api: (i) => ({ baseUrl: apis[i].baseUrl, inbox, db }),
    async addWorker() {
      const worker = new ClusterProcess(`worker-${letter(workers.length)}`, 'worker', env);
      workers.push(worker);
      return worker.start();
    },
    settled,
    close,
  };
}

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  } finally {
    await client.end();
  }
}

async function stopWithin(process: ClusterProcess, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const outcome = await Promise.race([process.stop(), late]);
  clearTimeout(timer);
  if (outcome !== 'late') return;
  console.warn(`${process.name} did not exit within ${ms} ms of SIGTERM: killed`);
  await process.stop('SIGKILL');
}
