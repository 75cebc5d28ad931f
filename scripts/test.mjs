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
// CI=true nothing may be skipped, so a missing one fails the run. Then, on a 2-core box:
//   1. npm run build (browser suites need the server build and frontend/dist), typecheck and
//      lint, side by side;
//   2. jest's unit and e2e projects on JEST_WORKERS (2) workers, each with its own database, then vitest
//      (frontend, VITEST_WORKERS (2) workers); beside them jest's cluster project (real api and worker
//      processes, in band).
// Steps that run side by side prefix their lines with their name. `npm test -- <jest args>` passes
// the args to both jest steps (a step none of whose suites match passes); with --selectProjects,
// --runInBand or -i among them, one jest step runs them as given, in band.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { probePostgres, probeRedis, withDatabase } from './lib/probes.mjs';
import { binScript, childEnv, createLogger, ensurePinnedNode, redactUrl, rootDir, style } from './lib/util.mjs';

await ensurePinnedNode();

const log = createLogger('test');
const isCI = ['true', '1', 'yes'].includes(String(process.env.CI ?? '').toLowerCase());
const jestArgs = process.argv.slice(2);
const vitestConfig = join(rootDir, 'frontend/vitest.config.ts');

let embeddedPg = null;
const running = new Set(); // the running steps' child processes
let interrupted = null;
const results = []; // { name, ok, detail }
const skipped = []; // { problem, suite }: what will not run, and why
// Lines naming a failed suite or test, seen in the steps' output: repeated after the summary, since the
// steps run side by side and a failure printed early is far above the end of a long log.
const failureLines = [];
const failureLine = /^\s*(FAIL\s|● |×\s|✕\s)/;

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
    // A terminal Ctrl-C already reached the steps (same process group); a signal sent to this
    // script alone did not: pass it on either way, to every process under each step (jest's
    // workers outlive a jest that got it alone), then clean up on their exit.
    const alive = [...running].filter((child) => child.exitCode === null);
    for (const child of alive) for (const pid of [child.pid, ...descendantsOf(child.pid)]) signalPid(pid, signal);
    if (alive.length === 0) void finish(130, `npm test: INTERRUPTED (${signal})`);
  });
}

/** Every process under `pid` (children, their children, …), from `ps`. */
function descendantsOf(pid) {
  const listing = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout ?? '';
  const children = new Map();
  for (const [child, parent] of listing
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))) {
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found = [];
  for (let next = 0, queue = [pid]; next < queue.length; next++) {
    const under = children.get(queue[next]) ?? [];
    found.push(...under);
    queue.push(...under);
  }
  return found;
}

function signalPid(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** Runs one step; `prefixed`: its output lines prefixed with `[name]` (for steps that run side by side). */
function runStep(name, command, args, env, { prefixed = false } = {}) {
  log.info(`${name}: ${[command === process.execPath ? 'node' : command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: rootDir, env, stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    if (prefixed) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
          to.write(`[${name}] ${line}\n`);
          const plain = stripVTControlCharacters(line);
          if (failureLine.test(plain) && failureLines.length < 60) failureLines.push(`[${name}] ${plain.trim()}`);
        });
      }
    }
    child.once('error', (error) => {
      running.delete(child);
      resolvePromise({ name, ok: false, detail: error.message });
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      const seconds = `${Math.round((Date.now() - started) / 1000)} s`;
      if (prefixed) log.info(`${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds}`);
      resolvePromise({
        name,
        ok: code === 0,
        detail:
          code === 0 ? seconds : signal ? `killed by ${signal} after ${seconds}` : `exit code ${code} after ${seconds}`,
      });
    });
  });
}

/** Runs steps side by side; their results in the given order. */
async function runSideBySide(steps) {
  return Promise.all(
    steps.map(([name, command, args, env]) => runStep(name, command, args, env, { prefixed: steps.length > 1 })),
  );
}

// ---------------------------------------------------------------- services

async function resolvePostgres() {
  const url =
    process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
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
  return {
    missing: { problem: `Redis not reachable at ${redactUrl(url)} (${problem})`, suite: 'the Redis queue suite' },
  };
}

function resolveChromium() {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  try {
    accessSync(path, constants.X_OK);
    log.info(`Chromium: ${path}`);
    return { path };
  } catch {
    return {
      missing: {
        problem: `Chromium not found at ${path} (apt-get install chromium, or set CHROME_PATH)`,
        suite: 'the browser suites',
      },
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

  // `npm test -- <path>…`: the suites named, at once. No build, typecheck or lint first (the full run does
  // those); a browser or web suite gets the build it needs when there is none yet.
  const paths = jestArgs.filter((arg) => !arg.startsWith('-') && existsSync(join(rootDir, arg)));
  if (paths.length > 0 && paths.length === jestArgs.filter((arg) => !arg.startsWith('-')).length)
    return runPaths(env, paths);

  const [build, ...checks] = await runSideBySide([
    ['build', 'npm', ['run', 'build'], env],
    ['typecheck', 'npm', ['run', 'typecheck'], env],
    ['lint', 'npm', ['run', 'lint'], env],
  ]);
  results.push(build, ...checks);
  if (interrupted) return finish(130, `npm test: INTERRUPTED (${interrupted}) during build, typecheck and lint`);
  if (!build.ok) return finish(1, summary());

  // Each jest worker keeps one heap for all its suites (jest's ESM VM contexts are not all freed between
  // files): a worker is replaced once its heap, idle after a suite, passes workerIdleMemoryLimit
  // (jest.config.js). --max-old-space-size leaves a suite that alone needs more than 4 GB room to
  // finish first; --logHeapUsage prints the heap after each suite so the one that grows it shows.
  // --forceExit: a suite that fails half-way may leave a server open; the run must still end.
  const nodeOptions = [env.NODE_OPTIONS, '--experimental-vm-modules', '--max-old-space-size=8192']
    .filter(Boolean)
    .join(' ');
  const jestEnv = { ...env, NODE_OPTIONS: nodeOptions };
  const jest = (projects, more) => [
    process.execPath,
    [binScript('jest'), ...jestArgs, '--forceExit', '--logHeapUsage', ...projects, ...more],
    jestEnv,
  ];
  const custom = jestArgs.some((arg) => ['--selectProjects', '--runInBand', '-i'].includes(arg.split('=')[0]));
  const withVitest = existsSync(vitestConfig)
    ? [['vitest', process.execPath, [binScript('vitest'), 'run', '--config', vitestConfig], env]]
    : [];
  if (!withVitest.length) log.info('vitest: frontend/vitest.config.ts does not exist yet: nothing to run');

  if (custom) {
    results.push(await runStep('jest', ...jest([], ['--runInBand'])));
    if (interrupted) return finish(130, `npm test: INTERRUPTED (${interrupted}) during jest`);
    results.push(...(await runSideBySide(withVitest)));
  } else {
    const passWithNoTests = jestArgs.length ? ['--passWithNoTests'] : [];
    // Two on a 2-core box. A third fills the time the e2e suites wait on browsers and sockets (a fresh-clone
    // run: 969 s with two, 768 s with three), but under its load timing-bound tests failed in two of three runs.
    const workers = `--maxWorkers=${process.env.JEST_WORKERS || 2}`;
    // Two lanes at once. The cluster suites spend most of their time waiting (an outage of 30 s, processes
    // starting and draining: one took 255 s of wall time for 15 s of CPU), so they run in band beside the
    // unit and e2e suites, which keep both cores busy; Vitest follows the e2e suites in their lane, on two
    // workers (Vitest's own default leaves one core idle on a 2-core box), so CPU-bound work runs back to back.
    // CLUSTER_LANE=after runs the cluster suites once the e2e suites are done, with Vitest beside them.
    const after = process.env.CLUSTER_LANE === 'after';
    const [clusterCommand, clusterArgs, clusterEnv] = jest(
      ['--selectProjects', 'cluster'],
      ['--runInBand', ...passWithNoTests, ...timingsTo('cluster')],
    );
    const clusterLane = () =>
      runStep(
        'jest cluster',
        clusterCommand,
        clusterArgs,
        { ...clusterEnv, TEST_PORT_RANGE: '28000-31999' },
        { prefixed: true },
      );
    const vitest = (maxWorkers) => {
      if (!withVitest.length) return [];
      const [name, vitestCommand, vitestArgs, vitestEnv] = withVitest[0];
      return [
        runStep(name, vitestCommand, [...vitestArgs, `--maxWorkers=${maxWorkers}`], vitestEnv, { prefixed: true }),
      ];
    };
    const [command, args, e2eEnv] = jest(
      ['--selectProjects', 'unit', 'e2e'],
      [workers, ...passWithNoTests, ...timingsTo('e2e')],
    );
    const e2eLane = async () => {
      const e2e = await runStep(
        'jest',
        command,
        args,
        { ...e2eEnv, TEST_PORT_RANGE: '20000-27999' },
        { prefixed: true },
      );
      if (after || interrupted) return [e2e];
      return [e2e, ...(await Promise.all(vitest(process.env.VITEST_WORKERS || 2)))];
    };
    if (after) {
      const [e2e] = await e2eLane();
      results.push(e2e);
      if (!interrupted) results.push(...(await Promise.all([clusterLane(), ...vitest(1)])));
    } else {
      const [lane, cluster] = await Promise.all([e2eLane(), clusterLane()]);
      results.push(lane[0], cluster, ...lane.slice(1));
    }
  }
  if (interrupted) return finish(130, `npm test: INTERRUPTED (${interrupted}) during the tests`);

  return finish(results.every((r) => r.ok) ? 0 : 1, summary());
}

/** Runs the named jest suites (and vitest for paths under frontend/) without the full run's first stage. */
async function runPaths(env, paths) {
  const web = paths.filter((path) => path.startsWith('frontend'));
  const server = paths.filter((path) => !path.startsWith('frontend'));
  const needsBuild =
    server.some((path) => /^test\/(browser|web)\b|^test\/?$/.test(path)) &&
    !existsSync(join(rootDir, 'frontend/dist/index.html'));
  if (needsBuild) {
    results.push(await runStep('build', 'npm', ['run', 'build'], env));
    if (!results.at(-1).ok) return finish(1, summary());
  }
  const nodeOptions = [env.NODE_OPTIONS, '--experimental-vm-modules', '--max-old-space-size=8192']
    .filter(Boolean)
    .join(' ');
  if (server.length) {
    const args = [binScript('jest'), ...jestArgs.filter((arg) => !web.includes(arg)), '--forceExit'];
    results.push(await runStep('jest', process.execPath, args, { ...env, NODE_OPTIONS: nodeOptions }));
  }
  if (web.length && existsSync(vitestConfig))
    results.push(
      await runStep('vitest', process.execPath, [binScript('vitest'), 'run', '--config', vitestConfig, ...web], env),
    );
  return finish(results.every((r) => r.ok) ? 0 : 1, summary());
}

// Each full-run jest step writes its results as JSON; the summary lists the slowest suites from them, so a
// CI log shows where the minutes went.
const timingFiles = [];
function timingsTo(step) {
  const file = join(tmpdir(), `fanmint-jest-${step}-${process.pid}.json`);
  timingFiles.push(file);
  return ['--json', `--outputFile=${file}`];
}

/** The slowest suites of this run (wall seconds each, from jest's own per-suite timing), or ''. */
function slowestSuites(count = 15) {
  const suites = [];
  for (const file of timingFiles) {
    try {
      for (const suite of JSON.parse(readFileSync(file, 'utf8')).testResults ?? [])
        suites.push({ path: suite.name.replace(`${rootDir}/`, ''), seconds: (suite.endTime - suite.startTime) / 1000 });
    } catch {
      // A step that was interrupted or never ran wrote nothing.
    }
    rmSync(file, { force: true });
  }
  if (!suites.length) return '';
  const total = suites.reduce((sum, suite) => sum + suite.seconds, 0);
  const top = suites.sort((a, b) => b.seconds - a.seconds).slice(0, count);
  const lines = top.map((suite) => `${suite.seconds.toFixed(1).padStart(7)}  ${suite.path}`);
  return `slowest of ${suites.length} jest suites (s; all together ${Math.round(total)} s):\n${lines.join('\n')}\n`;
}

function summary() {
  const slowest = slowestSuites();
  if (slowest) process.stdout.write(slowest);
  const ok = results.every((r) => r.ok);
  const steps = results.map((r) => `${r.name} ${r.ok ? 'passed' : 'FAILED'} (${r.detail})`).join(', ');
  const skips = skipped.length ? `; skipped: ${skipped.map((m) => m.suite).join(', ')}` : '';
  const word = ok ? style.green('PASSED') : style.red('FAILED');
  const failed = ok || !failureLines.length ? '' : `\nwhat failed:\n${[...new Set(failureLines)].join('\n')}`;
  return `npm test: ${word}: ${steps}${skips}${failed}`;
}

main().catch((error) => finish(1, `npm test: FAILED: ${error?.message ?? error}`));
