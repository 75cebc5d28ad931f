// `node scripts/cluster.mjs [--apis 2] [--workers 2]`: the production shape on one machine.
// N api and M worker processes (built dist/) on one PostgreSQL and one Redis, behind a tiny
// round-robin proxy; prints its URL. PostgreSQL: DATABASE_URL, or an embedded server with its data
// under var/cluster/postgres. Redis: REDIS_URL, or redis://127.0.0.1:6379. Mail: SMTP_URL, or an
// embedded catcher. Files: one STORAGE_DIR shared by every process (S3_* settings when set).
// With LAUNCH_PHASE=live it seeds the demo marketplace, as npm start does. Ctrl-C stops everything.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { startMaildev } from './lib/maildev.mjs';
import { spawnService, stopServices } from './lib/processes.mjs';
import { probePostgres, probeRedis } from './lib/probes.mjs';
import { startRoundRobinProxy } from './lib/round-robin-proxy.mjs';
import {
  childEnv,
  createLogger,
  ensurePinnedNode,
  findFreePort,
  redactUrl,
  rootDir,
  sleep,
  style,
} from './lib/util.mjs';

await ensurePinnedNode();
const log = createLogger('cluster');
const { values: args } = parseArgs({
  options: { apis: { type: 'string', default: '2' }, workers: { type: 'string', default: '2' } },
});
const counts = { apis: Number(args.apis), workers: Number(args.workers) };
if (![counts.apis, counts.workers].every((n) => Number.isInteger(n) && n >= 1 && n <= 16))
  throw new Error('--apis and --workers take 1 to 16');
const dist = (app, file) => join(rootDir, 'dist/apps', app, 'src', file);
const running = { services: [], proxy: null, maildev: null, postgres: null };
let stopping = null;

function shutdown(code, reason) {
  stopping ??= (async () => {
    if (reason) log.info(reason);
    await running.proxy?.close();
    await stopServices(running.services, { graceMs: 10_000, log: log.warn });
    await running.maildev?.stop().catch(() => undefined);
    await running.postgres?.stop().catch(() => undefined);
    process.exit(code);
  })();
  return stopping;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => void shutdown(0, `${signal}: stopping…`));

function run(label, script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${label} failed (exit ${code}): ${out.slice(-500)}`)),
    );
  });
}

async function waitHealthy(port, what) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (stopping) return;
    const ok = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(300);
  }
  throw new Error(`${what} did not report healthy on port ${port}`);
}

async function main() {
  if (!existsSync(dist('api', 'main.js')) || !existsSync(dist('worker', 'main.js'))) {
    log.info('no build yet: npm run build…');
    await new Promise((resolve, reject) =>
      spawn('npm', ['run', 'build'], { cwd: rootDir, stdio: 'inherit', env: childEnv() }).once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error('build failed')),
      ),
    );
  }
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    running.postgres = await startEmbeddedPostgres({
      dataDir: join(rootDir, 'var/cluster/postgres'),
      port: 54339,
      database: 'fanmint',
    });
    databaseUrl = running.postgres.url;
  } else if (await probePostgres(databaseUrl, 5000))
    throw new Error(`DATABASE_URL ${redactUrl(databaseUrl)} does not answer`);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisProblem = await probeRedis(redisUrl, 5000);
  if (redisProblem)
    throw new Error(`Redis ${redactUrl(redisUrl)} does not answer (${redisProblem}): start one or set REDIS_URL`);
  let smtpUrl = process.env.SMTP_URL;
  if (!smtpUrl) {
    running.maildev = await startMaildev({ smtpPort: 1125, webPort: 1180 });
    smtpUrl = running.maildev.smtpUrl;
  }
  const port = process.env.PORT ? Number(process.env.PORT) : await findFreePort(3000);
  const publicUrl = process.env.PUBLIC_URL || `http://localhost:${port}`;
  const apiPorts = [];
  for (let i = 0; i < counts.apis; i++)
    apiPorts.push(await findFreePort(3101 + i * 10, { exclude: [port, ...apiPorts] }));
  const acquirerPort = await findFreePort(4110, { exclude: [port, ...apiPorts] });
  const secrets = existsSync(join(rootDir, 'var/secrets.json'))
    ? JSON.parse(readFileSync(join(rootDir, 'var/secrets.json'), 'utf8'))
    : {};
  const acquirerKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const env = childEnv({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    JWT_SECRET: process.env.JWT_SECRET || secrets.JWT_SECRET || randomBytes(48).toString('base64url'),
    STORAGE_DIR: process.env.STORAGE_DIR || join(rootDir, 'var/cluster/storage'),
    WEB_DIST: process.env.WEB_DIST || join(rootDir, 'frontend/dist'),
    SANDBOX_ACQUIRER_URL: `http://localhost:${acquirerPort}`,
    SANDBOX_ACQUIRER_SECRET_KEY: acquirerKey,
    SANDBOX_ACQUIRER_WEBHOOK_SECRETS: webhookSecret,
  });
  log.info('migrations and demo accounts…');
  await run('migrate', dist('api', 'migrate.js'), env);
  await run('seed', dist('api', 'seed.js'), env);
  running.services.push(
    spawnService('acquirer', [dist('acquirer', 'main.js')], {
      env: childEnv({
        ACQUIRER_PORT: String(acquirerPort),
        ACQUIRER_PUBLIC_URL: `http://localhost:${acquirerPort}`,
        ACQUIRER_DATABASE_URL: databaseUrl,
        ACQUIRER_SCHEMA: 'acquirer',
        ACQUIRER_SECRET_KEY: acquirerKey,
        ACQUIRER_WEBHOOK_SECRETS: webhookSecret,
        ACQUIRER_WEBHOOK_URL: `http://127.0.0.1:${port}/api/payments/webhooks/sandbox`,
      }),
    }),
  );
  apiPorts.forEach((apiPort, i) =>
    running.services.push(
      spawnService(`api-${i + 1}`, [dist('api', 'main.js')], { env: { ...env, PORT: String(apiPort) } }),
    ),
  );
  for (let i = 0; i < counts.workers; i++)
    running.services.push(spawnService(`worker-${i + 1}`, [dist('worker', 'main.js')], { env }));
  for (const service of running.services)
    void service.exited.then(
      ({ code, signal }) =>
        stopping ||
        shutdown(1, style.red(`${service.name} stopped (${signal ?? `exit ${code}`}): stopping everything`)),
    );
  await Promise.all(apiPorts.map((apiPort, i) => waitHealthy(apiPort, `api-${i + 1}`)));
  // Live: the demo marketplace, through the running workers and acquirer (as npm start does).
  let marketplace = null;
  if (env.LAUNCH_PHASE === 'live') {
    log.info('demo marketplace…');
    marketplace = JSON.parse(
      (await run('seed marketplace', dist('api', 'seed-marketplace.js'), env)).trim().split('\n').pop(),
    ).marketplace;
  }
  running.proxy = await startRoundRobinProxy({ upstreams: apiPorts, port });
  if (stopping) return;
  process.stdout.write(
    [
      '',
      style.green('─'.repeat(72)),
      `  ${style.bold('Fanmint cluster')}: ${counts.apis} api + ${counts.workers} worker processes`,
      `  App (round robin) ${style.bold(publicUrl)}`,
      `  Api instances     ${apiPorts.map((p) => `http://localhost:${p}`).join('  ')}`,
      `  Database          ${redactUrl(databaseUrl)}`,
      `  Redis             ${redactUrl(redisUrl)} (queues and rate limits)`,
      `  Mail              ${running.maildev ? running.maildev.webUrl : redactUrl(smtpUrl)}`,
      ...(marketplace ? [`  Demo store        ${marketplace.storeUrl}`] : []),
      '  Press Ctrl-C to stop.',
      style.green('─'.repeat(72)),
      '',
    ].join('\n'),
  );
}

main().catch((error) => void shutdown(1, style.red(`cluster failed: ${error.message}`)));
