// `npm test [-- <jest args>]`: every suite, on a machine with or without services.
//
//   PostgreSQL  TEST_DATABASE_URL, DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres;
//               if it does not answer within 2 s, an embedded PostgreSQL in a temp dir.
//               Exported as TEST_PG_ADMIN_URL (a maintenance database: the test setup
//               creates and drops its own databases there).
//   Redis       REDIS_URL or redis://127.0.0.1:6379 -> TEST_REDIS_URL when it answers PING.
//   Chromium    CHROME_PATH or /usr/bin/chromium -> CHROME_PATH when it exists.
//
// A missing Redis or Chromium skips the suites that need them, said plainly; with
// CI=true nothing may be skipped, so a missing one fails the run. Then: npm run build
// (browser suites need the server build and frontend/dist), jest, vitest (frontend).
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { probePostgres, probeRedis, withDatabase } from './lib/probes.mjs';
import { binScript, childEnv, createLogger, ensurePinnedNode, redactUrl, rootDir, style } from './lib/util.mjs';

await ensurePinnedNode();

const log = createLogger('test');
const isCI = ['true', '1', 'yes'].includes(String(process.env.CI ?? '').toLowerCase());
const jestArgs = process.argv.slice(2);
const vitestConfig = join(rootDir, 'frontend/vitest.config.ts');

let embeddedPg = null;
let current = null; // the running step's child process
let interrupted = null;
const results = []; // { name, ok, detail }
const skipped = []; // { problem, suite }: what will not run, and why

// ---------------------------------------------------------------- cleanup and signals

async function finish(code, line) {
  if (embeddedPg) {
    await embeddedPg.stop().catch((error) => log.warn(`stopping the embedded PostgreSQL: ${error.message}`));
    embeddedPg = null;
  }
  if (line) process.stdout.write(`${line}\n`);
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = signal;
    // A terminal Ctrl-C already reached the step (same process group); a signal sent
    // to this script alone did not: pass it on either way, then clean up on its exit.
    if (current && current.exitCode === null) current.kill(signal);
    else void finish(130, `npm test: INTERRUPTED (${signal})`);
  });
}

function runStep(name, command, args, env) {
  log.info(`${name}: ${[command === process.execPath ? 'node' : command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: rootDir, env, stdio: 'inherit' });
    current = child;
    child.once('error', (error) => {
      current = null;
      resolvePromise({ name, ok: false, detail: error.message });
    });
    child.once('close', (code, signal) => {
      current = null;
      const seconds = `${Math.round((Date.now() - started) / 1000)} s`;
      resolvePromise({
        name,
        ok: code === 0,
        detail: code === 0 ? seconds : signal ? `killed by ${signal}` : `exit code ${code}`,
      });
    });
  });
}

// ---------------------------------------------------------------- services

async function resolvePostgres() {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const problem = await probePostgres(url, 2000);
  if (!problem) {
    // Prefer the `postgres` maintenance database; keep the given one if that is not reachable.
    const maintenance = withDatabase(url, 'postgres');
    const adminUrl = maintenance !== url && !(await probePostgres(maintenance, 2000)) ? maintenance : url;
    log.info(`PostgreSQL: ${redactUrl(adminUrl)}`);
    return adminUrl;
  }
  log.info(`PostgreSQL not reachable at ${redactUrl(url)} (${problem}): starting an embedded PostgreSQL for this run`);
  try {
    embeddedPg = await startEmbeddedPostgres({ persistent: false, port: 55432 });
  } catch (error) {
    if (error.log?.length) process.stdout.write(`${error.log.map((line) => `  postgres: ${line}`).join('\n')}\n`);
    throw error;
  }
  log.info(`PostgreSQL: embedded, ${redactUrl(embeddedPg.adminUrl)} (removed after the run)`);
  return embeddedPg.adminUrl;
}

async function resolveRedis() {
  const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const problem = await probeRedis(url, 2000);
  if (!problem) {
    log.info(`Redis: ${redactUrl(url)}`);
    return { url };
  }
  return { missing: { problem: `Redis not reachable at ${redactUrl(url)} (${problem})`, suite: 'the Redis queue suite' } };
}

function resolveChromium() {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  try {
    accessSync(path, constants.X_OK);
    log.info(`Chromium: ${path}`);
    return { path };
  } catch {
    return {
      missing: { problem: `Chromium not found at ${path} (apt-get install chromium, or set CHROME_PATH)`, suite: 'the browser suites' },
    };
  }
}

// ---------------------------------------------------------------- main

async function main() {
  const env = childEnv();
  delete env.TEST_REDIS_URL;

  env.TEST_PG_ADMIN_URL = await resolvePostgres();

  const redis = await resolveRedis();
  if (redis.url) env.TEST_REDIS_URL = redis.url;
  else skipped.push(redis.missing);

  const chromium = resolveChromium();
  if (chromium.path) env.CHROME_PATH = chromium.path;
  else {
    delete env.CHROME_PATH;
    skipped.push(chromium.missing);
  }

  if (skipped.length && isCI) {
    for (const { problem, suite } of skipped) log.error(`${problem}: CI=true, so ${suite} may not be skipped`);
    const problems = skipped.map((m) => m.problem).join('; ');
    return finish(1, `npm test: FAILED before running any test: CI=true and nothing may be skipped: ${problems}`);
  }
  for (const { problem, suite } of skipped) log.warn(`${problem}: ${suite} will be skipped`);

  const build = await runStep('build', 'npm', ['run', 'build'], env);
  results.push(build);
  if (interrupted) return finish(130, `npm test: INTERRUPTED (${interrupted}) during build`);
  if (!build.ok) return finish(1, summary());

  for (const check of ['typecheck', 'lint']) {
    results.push(await runStep(check, 'npm', ['run', check], env));
    if (interrupted) return finish(130, `npm test: INTERRUPTED (${interrupted}) during ${check}`);
  }

  // In band, every suite's modules stay on the one heap (jest's ESM VM contexts are not all freed
  // between files): ~100 suites grew past Node's default 4 GB limit. 8 GB gives room while the leak is
  // looked for; --logHeapUsage prints the heap after each suite so the one that grows it shows.
  const nodeOptions = [env.NODE_OPTIONS, '--experimental-vm-modules', '--max-old-space-size=8192'].filter(Boolean).join(' ');
  results.push(
    // --forceExit: a suite that fails half-way may leave a server open; the run must still end.
    await runStep('jest', process.execPath, [binScript('jest'), '--runInBand', '--forceExit', '--logHeapUsage', ...jestArgs], {
      ...env,
      NODE_OPTIONS: nodeOptions,
    }),
  );
  if (interrupted) return finish(130, `npm test: INTERRUPTED (${interrupted}) during jest`);

  if (existsSync(vitestConfig)) {
    results.push(await runStep('vitest', process.execPath, [binScript('vitest'), 'run', '--config', vitestConfig], env));
    if (interrupted) return finish(130, `npm test: INTERRUPTED (${interrupted}) during vitest`);
  } else {
    log.info('vitest: frontend/vitest.config.ts does not exist yet: nothing to run');
  }

  return finish(results.every((r) => r.ok) ? 0 : 1, summary());
}

function summary() {
  const ok = results.every((r) => r.ok);
  const steps = results.map((r) => `${r.name} ${r.ok ? 'passed' : 'FAILED'} (${r.detail})`).join(', ');
  const skips = skipped.length ? `; skipped: ${skipped.map((m) => m.suite).join(', ')}` : '';
  const word = ok ? style.green('PASSED') : style.red('FAILED');
  return `npm test: ${word}: ${steps}${skips}`;
}

main().catch((error) => finish(1, `npm test: FAILED: ${error?.message ?? error}`));
