// `npm start`: brings the whole product up at one URL on a bare machine.
//
//   1. builds (npm run build) when the server or web build is missing or older than the sources
//   2. PostgreSQL: DATABASE_URL, or an embedded server with its data under var/postgres
//   3. mail: SMTP_URL, or an embedded SMTP catcher (maildev) with a web inbox
//   4. JWT_SECRET: the environment, or one generated once and kept in var/secrets.json
//   5. the sandbox acquirer (apps/acquirer), its own process on the same PostgreSQL in its
//      own schema `acquirer`, its keys from the environment or kept in var/secrets.json
//   6. migrate, seed the demo accounts, then the api and the worker; waits for GET /health
//   7. with LAUNCH_PHASE=live: the demo marketplace (through the running worker and acquirer)
//   8. prints the URL, the mail inbox, the acquirer's URL, the demo accounts and the demo store
//
// Ctrl-C / SIGTERM stops everything: api, worker and acquirer (SIGTERM, SIGKILL after 10 s),
// then the mail catcher, then PostgreSQL. If the api, the worker or the acquirer dies,
// everything stops and the exit code is non-zero.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { startMaildev } from './lib/maildev.mjs';
import { signalGroup, spawnService, stopServices } from './lib/processes.mjs';
import { probePostgres, probeRedis } from './lib/probes.mjs';
import {
  childEnv,
  createLogger,
  ensurePinnedNode,
  findFreePort,
  isPortAvailable,
  redactUrl,
  rootDir,
  sleep,
  style,
} from './lib/util.mjs';

await ensurePinnedNode();

const log = createLogger('start');
const varDir = join(rootDir, 'var');
const paths = {
  apiMain: join(rootDir, 'dist/apps/api/src/main.js'),
  workerMain: join(rootDir, 'dist/apps/worker/src/main.js'),
  acquirerMain: join(rootDir, 'dist/apps/acquirer/src/main.js'),
  migrate: join(rootDir, 'dist/apps/api/src/migrate.js'),
  seed: join(rootDir, 'dist/apps/api/src/seed.js'),
  seedMarketplace: join(rootDir, 'dist/apps/api/src/seed-marketplace.js'),
  webIndex: join(rootDir, 'frontend/dist/index.html'),
  buildStamp: join(rootDir, 'dist/.build-stamp'),
  secrets: join(varDir, 'secrets.json'),
  pgData: join(varDir, 'postgres'),
  mailDir: join(varDir, 'mail'),
};
const HEALTH_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 10_000;

/** Everything that has to be stopped, in the order it is stopped. */
const running = {
  /** one-shot steps (build, migrate, seed), detached so only we signal them */
  step: null,
  services: [],
  maildev: null,
  postgres: null,
};
let stopping = null;
let firstSignalAt = 0;

// ---------------------------------------------------------------- shutdown

async function shutdown(code, reason) {
  if (stopping) return stopping;
  stopping = (async () => {
    if (reason) log.info(reason);
    log.info('stopping…');
    if (running.step) signalGroup(running.step, 'SIGTERM');
    await stopServices(running.services, { graceMs: STOP_GRACE_MS, log: log.warn });
    if (running.step) {
      signalGroup(running.step, 'SIGKILL');
    }
    if (running.maildev) {
      await running.maildev.stop().catch((error) => log.warn(`mail catcher: ${error.message}`));
    }
    if (running.postgres) {
      await running.postgres.stop().catch((error) => log.warn(`PostgreSQL: ${error.message}`));
    }
    log.info(code === 0 ? 'stopped' : `stopped (exit code ${code})`);
    process.exit(code);
  })();
  return stopping;
}

function onSignal(signal) {
  const now = Date.now();
  if (!stopping) {
    firstSignalAt = now;
    void shutdown(0, `${signal} received`);
    return;
  }
  // `npm start` delivers Ctrl-C twice (terminal and npm's forwarding): only a
  // later, deliberate second Ctrl-C skips the grace period.
  if (now - firstSignalAt < 1500) return;
  log.warn('second interrupt: killing the api and the worker now');
  for (const service of running.services) signalGroup(service.child, 'SIGKILL');
  if (running.step) signalGroup(running.step, 'SIGKILL');
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('SIGHUP', onSignal);
process.on('uncaughtException', (error) => void shutdown(1, `unexpected error: ${error.stack ?? error}`));
process.on('unhandledRejection', (error) => void shutdown(1, `unexpected error: ${error?.stack ?? error}`));

class StartError extends Error {}

/** Runs a one-shot step (`node …` or `npm …`) with output passed through; throws on failure. */
function step(label, command, args, { env, captureStdout = false } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: rootDir,
      env,
      detached: true,
      stdio: ['ignore', captureStdout ? 'pipe' : 'inherit', 'inherit'],
    });
    running.step = child;
    let stdout = '';
    child.stdout?.setEncoding('utf8').on('data', (text) => {
      stdout += text;
    });
    child.once('error', (error) => {
      running.step = null;
      reject(new StartError(`${label}: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      running.step = null;
      if (stopping) return; // shutdown() exits the process
      if (code === 0) resolvePromise(stdout);
      else {
        if (captureStdout && stdout) process.stdout.write(stdout);
        reject(new StartError(`${label} failed (${signal ? `signal ${signal}` : `exit code ${code}`})`));
      }
    });
  });
}

// ---------------------------------------------------------------- build

function newestMtime(dir, skip = new Set(['node_modules', 'dist', '.vite'])) {
  let newest = 0;
  let newestFile = null;
  if (!existsSync(dir)) return { newest, newestFile };
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const full = join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const { mtimeMs } = statSync(full);
        if (mtimeMs > newest) {
          newest = mtimeMs;
          newestFile = full;
        }
      }
    }
  };
  walk(dir);
  return { newest, newestFile };
}

function buildReason() {
  for (const output of [
    paths.apiMain,
    paths.workerMain,
    paths.acquirerMain,
    paths.migrate,
    paths.seed,
    paths.seedMarketplace,
    paths.webIndex,
  ]) {
    if (!existsSync(output)) return `${relative(rootDir, output)} is missing`;
  }
  // tsc --incremental leaves unchanged outputs untouched, so a stamp written
  // after each successful build says when the build last caught up.
  const outputsTime = Math.min(statSync(paths.apiMain).mtimeMs, statSync(paths.webIndex).mtimeMs);
  const builtAt = Math.max(outputsTime, existsSync(paths.buildStamp) ? statSync(paths.buildStamp).mtimeMs : 0);
  const sources = [
    join(rootDir, 'apps'),
    join(rootDir, 'libs'),
    join(rootDir, 'frontend/src'),
    join(rootDir, 'frontend/public'),
  ].map((dir) => newestMtime(dir));
  for (const file of [
    'frontend/index.html',
    'frontend/vite.config.ts',
    'tsconfig.json',
    'scripts/build-server.mjs',
    'scripts/lib/swc-options.mjs',
  ]) {
    const full = join(rootDir, file);
    if (existsSync(full)) sources.push({ newest: statSync(full).mtimeMs, newestFile: full });
  }
  const newest = sources.reduce((a, b) => (b.newest > a.newest ? b : a), { newest: 0, newestFile: null });
  if (newest.newest > builtAt) return `${relative(rootDir, newest.newestFile)} changed since the last build`;
  return null;
}

async function buildIfNeeded() {
  const reason = buildReason();
  if (!reason) {
    log.info('build is up to date');
    return;
  }
  log.info(`building (${reason})…`);
  await step('npm run build', 'npm', ['run', 'build'], { env: childEnv() });
  mkdirSync(join(rootDir, 'dist'), { recursive: true });
  writeFileSync(paths.buildStamp, `${new Date().toISOString()}\n`);
}

// ---------------------------------------------------------------- settings and services

/** A secret from the environment, or one generated once and kept in var/secrets.json. */
function keptSecret(name, generate, isValid = (value) => typeof value === 'string' && value.length >= 32) {
  if (process.env[name]) return process.env[name];
  let secrets = {};
  if (existsSync(paths.secrets)) {
    try {
      secrets = JSON.parse(readFileSync(paths.secrets, 'utf8'));
    } catch {
      throw new StartError(`${relative(rootDir, paths.secrets)} is not valid JSON; fix or delete it`);
    }
  }
  if (!isValid(secrets[name])) {
    secrets[name] = generate();
    mkdirSync(varDir, { recursive: true });
    writeFileSync(paths.secrets, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
    log.info(`generated ${name}, kept in ${relative(rootDir, paths.secrets)} so it survives restarts`);
  }
  chmodSync(paths.secrets, 0o600);
  return secrets[name];
}

function jwtSecret() {
  return keptSecret('JWT_SECRET', () => randomBytes(48).toString('base64url'));
}

async function database() {
  if (process.env.DATABASE_URL) {
    const problem = await probePostgres(process.env.DATABASE_URL, 5000);
    if (problem)
      throw new StartError(`DATABASE_URL ${redactUrl(process.env.DATABASE_URL)} does not answer: ${problem}`);
    log.info(`PostgreSQL: ${redactUrl(process.env.DATABASE_URL)} (DATABASE_URL)`);
    return { url: process.env.DATABASE_URL, label: redactUrl(process.env.DATABASE_URL) };
  }
  log.info(`starting embedded PostgreSQL (data in ${relative(rootDir, paths.pgData)})…`);
  try {
    running.postgres = await startEmbeddedPostgres({
      dataDir: paths.pgData,
      port: 54329,
      database: 'fanmint',
      onLog: process.env.FANMINT_PG_LOG ? (line) => log.info(`postgres: ${line}`) : undefined,
    });
  } catch (error) {
    if (error.log?.length) {
      process.stdout.write(`${error.log.map((line) => `  postgres: ${line}`).join('\n')}\n`);
    }
    throw new StartError(error.message);
  }
  void running.postgres.exited.then(({ code, signal }) => {
    if (!stopping) void shutdown(1, `embedded PostgreSQL stopped unexpectedly (code ${code}, signal ${signal})`);
  });
  log.info(`PostgreSQL: embedded, 127.0.0.1:${running.postgres.port}, database fanmint`);
  return {
    url: running.postgres.url,
    label: `embedded PostgreSQL on 127.0.0.1:${running.postgres.port} (data in var/postgres)`,
  };
}

async function mail() {
  if (process.env.SMTP_URL) {
    log.info(`mail: ${redactUrl(process.env.SMTP_URL)} (SMTP_URL)`);
    return { smtpUrl: process.env.SMTP_URL, inbox: null };
  }
  running.maildev = await startMaildev({ smtpPort: 1025, webPort: 1080, mailDirectory: paths.mailDir });
  log.info(`mail: embedded SMTP catcher on ${running.maildev.smtpUrl}, inbox ${running.maildev.webUrl}`);
  return { smtpUrl: running.maildev.smtpUrl, inbox: running.maildev.webUrl };
}

async function httpPort() {
  if (process.env.PORT) {
    const port = Number(process.env.PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new StartError(`PORT=${process.env.PORT} is not a port`);
    if (!(await isPortAvailable(port))) throw new StartError(`PORT ${port} is already in use`);
    return port;
  }
  const port = await findFreePort(3000, { exclude: [running.maildev?.smtpPort, running.maildev?.webPort] });
  if (port !== 3000) log.warn(`port 3000 is in use: using ${port}`);
  return port;
}

/** The sandbox acquirer: its own process, port and schema; our api reaches it over HTTP. */
async function acquirer({ databaseUrl, apiPort }) {
  const port = process.env.ACQUIRER_PORT
    ? Number(process.env.ACQUIRER_PORT)
    : await findFreePort(4010, { exclude: [apiPort, running.maildev?.smtpPort, running.maildev?.webPort] });
  const publicUrl = process.env.ACQUIRER_PUBLIC_URL || `http://localhost:${port}`;
  const settings = {
    ACQUIRER_PORT: String(port),
    ACQUIRER_PUBLIC_URL: publicUrl,
    ACQUIRER_DATABASE_URL: process.env.ACQUIRER_DATABASE_URL || databaseUrl,
    ACQUIRER_SCHEMA: process.env.ACQUIRER_SCHEMA || 'acquirer',
    ACQUIRER_SECRET_KEY: keptSecret('ACQUIRER_SECRET_KEY', () => `sk_test_${randomBytes(24).toString('hex')}`),
    ACQUIRER_WEBHOOK_SECRETS: keptSecret(
      'ACQUIRER_WEBHOOK_SECRETS',
      () => `whsec_${randomBytes(24).toString('hex')}`,
      (v) => typeof v === 'string' && v.length >= 16,
    ),
    ACQUIRER_WEBHOOK_URL:
      process.env.ACQUIRER_WEBHOOK_URL || `http://127.0.0.1:${apiPort}/api/payments/webhooks/sandbox`,
    ACQUIRER_MERCHANT_NAME: process.env.ACQUIRER_MERCHANT_NAME || 'Fanmint',
  };
  log.info('starting the sandbox acquirer…');
  const service = spawnService('acquirer', [paths.acquirerMain], { env: childEnv(settings) });
  running.services.push(service);
  await waitForHealth(port, [service], 'the sandbox acquirer');
  return { ...settings, url: publicUrl };
}

async function queues() {
  if (!process.env.REDIS_URL) return 'BullMQ on PostgreSQL (set REDIS_URL to use Redis)';
  const problem = await probeRedis(process.env.REDIS_URL, 5000);
  if (problem) throw new StartError(`REDIS_URL ${redactUrl(process.env.REDIS_URL)} does not answer: ${problem}`);
  return `BullMQ on Redis ${redactUrl(process.env.REDIS_URL)}`;
}

// ---------------------------------------------------------------- seed, health, banner

function parseAccounts(stdout) {
  const lines = stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  let accounts = null;
  for (const line of lines) {
    try {
      const value = JSON.parse(line);
      if (Array.isArray(value)) {
        accounts = value;
        continue;
      }
    } catch {
      /* not JSON */
    }
    process.stdout.write(`${line}\n`); // a log line from the seed: pass it on
  }
  return accounts;
}

async function waitForHealth(port, services, what = 'the api') {
  const url = `http://127.0.0.1:${port}/health`;
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer yet';
  const died = Promise.race(services.map((s) => s.exited.then((result) => ({ ...result, name: s.name }))));
  let deadService = null;
  void died.then((result) => {
    deadService = result;
  });
  while (Date.now() < deadline) {
    if (deadService || stopping) return;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      const body = await response.text();
      if (response.status === 200) return;
      last = `HTTP ${response.status} ${body.slice(0, 300)}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await sleep(500);
  }
  throw new StartError(`${what} did not report healthy at ${url} within ${HEALTH_TIMEOUT_MS / 1000} s (${last})`);
}

/** The seed-marketplace step's one JSON line: the demo store, or null before launch. */
function parseMarketplace(stdout) {
  let marketplace = null;
  for (const line of stdout
    .split('\n')
    .map((text) => text.trim())
    .filter(Boolean)) {
    try {
      const value = JSON.parse(line);
      if (value && typeof value === 'object' && 'marketplace' in value) {
        marketplace = value.marketplace;
        continue;
      }
    } catch {
      /* not JSON */
    }
    process.stdout.write(`${line}\n`);
  }
  return marketplace;
}

function banner({ publicUrl, inbox, smtpUrl, db, queue, accounts, payments, marketplace }) {
  const line = '─'.repeat(72);
  const out = [];
  out.push('', style.green(line), `  ${style.bold('Fanmint is running')}`, '');
  out.push(`  App            ${style.bold(publicUrl)}`);
  out.push(
    `  Mail inbox     ${inbox ? style.bold(inbox) : `none here: mail goes to ${redactUrl(smtpUrl)} (SMTP_URL)`}`,
  );
  out.push(
    `  Payments       sandbox acquirer ${style.bold(payments.url)} ${style.dim('(test cards: apps/acquirer/README.md)')}`,
  );
  out.push(`  Database       ${db.label}`);
  out.push(`  Queues         ${queue}`);
  out.push(
    `  Staff console  ${style.bold(`${publicUrl}/admin/sign-in`)} ${style.dim('(moderator/admin: turn on 2FA at /dashboard/security first)')}`,
  );
  out.push('');
  if (accounts?.length) {
    out.push(`  ${style.bold('Demo accounts')}`);
    const rows = accounts.map((a) => [String(a.role ?? ''), String(a.email ?? ''), String(a.password ?? '')]);
    const widths = [4, 5].map((min, i) => Math.max(min, ...rows.map((row) => row[i].length)));
    out.push(style.dim(`    ${'role'.padEnd(widths[0])}   ${'email'.padEnd(widths[1])}   password`));
    for (const [role, email, password] of rows) {
      out.push(`    ${role.padEnd(widths[0])}   ${email.padEnd(widths[1])}   ${password}`);
    }
  } else {
    out.push(style.yellow('  (the seed printed no demo accounts)'));
  }
  if (marketplace) {
    out.push(
      '',
      `  ${style.bold('Demo store')}     ${style.bold(marketplace.storeUrl)} ${style.dim('(the demo fan has bought from it, subscribed and favourited it)')}`,
    );
  }
  out.push('', `  Press Ctrl-C to stop.`, style.green(line), '');
  process.stdout.write(`${out.join('\n')}\n`);
}

// ---------------------------------------------------------------- main

async function main() {
  await buildIfNeeded();
  const secret = jwtSecret();
  const db = await database();
  const { smtpUrl, inbox } = await mail();
  const queue = await queues();
  const port = await httpPort();
  const publicUrl = process.env.PUBLIC_URL || `http://localhost:${port}`;
  const payments = await acquirer({ databaseUrl: db.url, apiPort: port });
  if (stopping) return;

  const env = childEnv({
    DATABASE_URL: db.url,
    SMTP_URL: smtpUrl,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    JWT_SECRET: secret,
    WEB_DIST: process.env.WEB_DIST || join(rootDir, 'frontend/dist'),
    PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || 'sandbox',
    SANDBOX_ACQUIRER_URL: payments.url,
    SANDBOX_ACQUIRER_SECRET_KEY: payments.ACQUIRER_SECRET_KEY,
    SANDBOX_ACQUIRER_WEBHOOK_SECRETS: payments.ACQUIRER_WEBHOOK_SECRETS,
  });

  log.info('running migrations…');
  await step('migrate', process.execPath, [paths.migrate], { env });
  log.info('seeding demo accounts…');
  const accounts = parseAccounts(await step('seed', process.execPath, [paths.seed], { env, captureStdout: true }));
  if (stopping) return;

  log.info('starting the api and the worker…');
  const api = spawnService('api', [paths.apiMain], { env });
  const worker = spawnService('worker', [paths.workerMain], { env });
  running.services.push(api, worker);
  for (const service of running.services) {
    void service.exited.then(({ code, signal, error }) => {
      if (stopping) return;
      const how = error ? error.message : signal ? `signal ${signal}` : `exit code ${code}`;
      void shutdown(1, style.red(`${service.name} stopped unexpectedly (${how}): stopping everything`));
    });
  }

  await waitForHealth(port, running.services);
  if (stopping) return;
  let marketplace = null;
  if (env.LAUNCH_PHASE === 'live') {
    log.info('seeding the demo marketplace…');
    marketplace = parseMarketplace(
      await step('seed marketplace', process.execPath, [paths.seedMarketplace], { env, captureStdout: true }),
    );
    if (stopping) return;
  }
  banner({ publicUrl, inbox, smtpUrl, db, queue, accounts, payments, marketplace });
}

main().catch((error) => {
  if (stopping) return;
  const message = error instanceof StartError ? error.message : (error?.stack ?? String(error));
  void shutdown(1, style.red(`start failed: ${message}`));
});
