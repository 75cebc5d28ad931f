import { createServer } from 'node:net';
import { randomBytes, randomInt } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  FixedClock,
  OutboxRelay,
  QueueFactory,
  QUEUE_NAMES,
  loadConfig,
  type AppConfig,
  type Clock,
  type LogSink,
} from '#app/platform';
import { createApiApp, createWorker } from '#app/composition';
import { MailInbox } from './mail-inbox.js';
import { waitFor } from './wait.js';
import { startSandboxAcquirer, type SandboxAcquirer } from './sandbox-acquirer.js';
import { startS3Server, type S3TestServer } from './s3-server.js';

export interface TestPlatformOptions {
  queueBackend?: 'postgres' | 'redis';
  clock?: Clock;
  env?: Record<string, string>;
  /** Start the worker (outbox relay and consumers). */
  worker?: boolean;
  /** Tick the recurring jobs on their crons (off by default: tests tick RecurringJobs themselves on an injected clock). */
  schedules?: boolean;
  /** Start a sandbox acquirer for the api's payments, its webhooks posted to this api (on by default). */
  acquirer?: boolean;
  /** ACQUIRER_* settings for that acquirer (e.g. a long ACQUIRER_CHAOS_HOLD_MS to hold webhooks back). */
  acquirerEnv?: Record<string, string>;
  /** Receives every log line of the api and the worker (set LOG_LEVEL in `env` to have some). */
  logSink?: LogSink;
  /** Where file bytes go: local disk (STORAGE_DIR, the default), a fresh s3rver started for this platform, or a given one. */
  objectStore?: 'local' | 's3' | S3TestServer;
}

export interface TestPlatform {
  baseUrl: string;
  config: AppConfig;
  inbox: MailInbox;
  api: NestExpressApplication;
  worker: INestApplicationContext | null;
  /** The sandbox acquirer the api takes payments through (its hosted pages, test API and schedule). */
  acquirer: SandboxAcquirer | null;
  /** The S3 server the platform stores files in (objectStore 's3' or a given one), else null. */
  s3: S3TestServer | null;
  /** Publishes pending outbox rows and waits until every queue is idle. */
  drain(timeoutMs?: number): Promise<void>;
  closeApi(): Promise<void>;
  closeWorker(): Promise<void>;
  /** Closes whatever is still open; safe to call more than once. */
  close(): Promise<void>;
}

// Ports the suites choose for their servers come from 20000-31999, below the kernel's ephemeral range
// (32768+), split into one block per Jest worker (TEST_PORT_BLOCKS, set by the global setup): a port
// one worker has checked is never another worker's pick, nor handed out by a listen(0) or connect()
// anywhere, before its server binds it. Within a block they are taken in turn from a random start.
// TEST_PORT_RANGE (`first-last`) narrows it, so two jest runs side by side (npm test's e2e and cluster
// lanes) never pick each other's ports.
const PORT_RANGE = (() => {
  const [first, last] = (process.env.TEST_PORT_RANGE ?? '').split('-').map(Number);
  return first > 1024 && last > first ? { first, size: last - first + 1 } : { first: 20_000, size: 12_000 };
})();
let portTurn = randomInt(PORT_RANGE.size);

export async function freePort(): Promise<number> {
  const blocks = Math.max(1, Number(process.env.TEST_PORT_BLOCKS ?? 1));
  const size = Math.floor(PORT_RANGE.size / blocks);
  const start = PORT_RANGE.first + ((Number(process.env.JEST_WORKER_ID ?? 1) - 1) % blocks) * size;
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = start + (portTurn++ % size);
    if (
      await listenOnce(port).then(
        () => true,
        () => false,
      )
    )
      return port;
  }
  return listenOnce(0);
}

/** Listens on `port` (0: any) on 127.0.0.1 and closes again; resolves the port it had. */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through `npm test`');
  return url;
}

/** Boots the real api (listening on a free port) and worker against the run's database and a local SMTP inbox. */
export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const inbox = await new MailInbox().start();
  const namespace = randomBytes(4).toString('hex');
  const port = await freePort();
  const backend = options.queueBackend ?? 'postgres';
  if (backend === 'redis' && !process.env.TEST_REDIS_URL) throw new Error('TEST_REDIS_URL is not set');
  const s3 =
    options.objectStore === 's3'
      ? await startS3Server()
      : typeof options.objectStore === 'object'
        ? options.objectStore
        : null;
  const acquirer =
    options.acquirer === false
      ? null
      : await startSandboxAcquirer({
          webhookUrl: `http://127.0.0.1:${port}/api/payments/webhooks/sandbox`,
          env: options.acquirerEnv,
        });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    SMTP_URL: inbox.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Production hashes at 12 (about 230 ms of CPU each); suites sign up and in thousands of times.
    BCRYPT_COST: '4',
    // Production trusts its view of the site gate for 2 s; suites that change the password wait for it to show.
    SITE_GATE_CACHE_MS: '100',
    WEB_DIST: 'frontend/dist',
    REDIS_PREFIX: `t${namespace}`,
    // Suites share one database; each platform's queues get their own schema, so jobs a finished
    // suite left behind (a delayed webhook, mail still queued at close) never run in the next one.
    QUEUE_SCHEMA: `bullmq_t${namespace}`,
    ...(backend === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    ...(s3 ? s3.env : {}),
    ...(acquirer
      ? {
          SANDBOX_ACQUIRER_URL: acquirer.url,
          SANDBOX_ACQUIRER_SECRET_KEY: acquirer.secretKey,
          SANDBOX_ACQUIRER_WEBHOOK_SECRETS: acquirer.webhookSecrets.join(','),
        }
      : {}),
    ...options.env,
  });
  const api = await createApiApp(config, { clock: options.clock, logSink: options.logSink });
  await api.listen(port, '127.0.0.1');
  const worker =
    options.worker === false
      ? null
      : await createWorker(config, {
          clock: options.clock,
          relayIntervalMs: 50,
          schedules: options.schedules ?? false,
          logSink: options.logSink,
        });

  if (worker) inbox.explainMissing = () => describeMailWork(worker, api);

  const drain = async (timeoutMs = 15_000) => {
    if (!worker) throw new Error('drain() needs the worker');
    const relay = worker.get(OutboxRelay);
    const queues = worker.get(QueueFactory);
    const queuesIdle = async () =>
      (
        await Promise.all(
          QUEUE_NAMES.map((name) => queues.queue(name).getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
        )
      ).every((count) => Object.values(count).every((n) => n === 0));
    // Idle means: no outbox row unpublished, no job waiting or running, and no row unpublished again after
    // that, seen on two probes in a row. One read in either order can miss work moving between the reads: a
    // batch the relay's own timer publishes (its job added after the queue read), or a job that writes the
    // next outbox row and completes between them (a digest job queueing its email).
    let quietProbes = 0;
    await waitFor(
      async () => {
        await relay.relayOnce();
        const quiet =
          (await unpublishedOutboxRows(api)) === 0 && (await queuesIdle()) && (await unpublishedOutboxRows(api)) === 0;
        quietProbes = quiet ? quietProbes + 1 : 0;
        return quietProbes >= 2;
      },
      // A relay interval (50 ms) apart.
      { timeoutMs, intervalMs: 50, what: 'the queues to drain' },
    );
  };

  const once = (fn: () => Promise<void>) => {
    let done: Promise<void> | null = null;
    return () => (done ??= fn());
  };
  const closeApi = once(() => api.close());
  const closeWorker = once(async () => worker?.close());
  const closeInbox = once(() => inbox.stop());
  const closeAcquirer = once(async () => acquirer?.close());
  // Only a server started here is closed here; a given one belongs to its test.
  const closeS3 = once(async () => (options.objectStore === 's3' ? s3?.close() : undefined));

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    inbox,
    api,
    worker,
    acquirer,
    s3,
    drain,
    closeApi,
    closeWorker,
    async close() {
      await closeWorker();
      await closeApi();
      await closeAcquirer();
      await closeInbox();
      await closeS3();
    },
  };
}

async function unpublishedOutboxRows(api: NestExpressApplication): Promise<number> {
  const [{ pending }] = await api
    .get(MikroORM)
    .em.fork()
    .execute<{ pending: number }[]>(`select count(*)::int as pending from outbox_message where published_at is null`);
  return pending;
}

/** What became of the mail this platform meant to send: unpublished outbox rows and unfinished or failed send-email jobs. */
async function describeMailWork(worker: INestApplicationContext, api: NestExpressApplication): Promise<string> {
  const pending = await unpublishedOutboxRows(api);
  const jobs = await worker
    .get(QueueFactory)
    .queue('notifications')
    .getJobs(['waiting', 'active', 'delayed', 'failed']);
  const lines = await Promise.all(
    jobs.map(async (job) => {
      const data = job.data as { template?: string; to?: string };
      return `${data.template ?? job.name} to ${data.to ?? '?'}: ${await job.getState()}, ${job.attemptsMade} attempt(s)${job.failedReason ? `, last error: ${job.failedReason}` : ''}`;
    }),
  );
  return `outbox rows not yet published: ${pending}; send-email jobs not sent: ${lines.length === 0 ? 'none' : lines.join('; ')}`;
}

export { FixedClock };
