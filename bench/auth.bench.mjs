// Benchmark of the auth endpoints (see bench/README.md). Exports `runAuthBench(options)`, which
// sets up a fresh database, an SMTP sink and the built api, measures, tears everything down and
// returns a plain result object. bench/run.mjs is the command-line entry.
import { spawn, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import bcrypt from 'bcrypt';
import pg from 'pg';
import { Redis } from 'ioredis';
import { SMTPServer } from 'smtp-server';
import { childEnv, findFreePort, rootDir } from '../scripts/lib/util.mjs';
import { cpuSnapshot, cpuUsage } from './lib/cpu.mjs';

export const TARGETS = { signInRatio: 0.85, userRatio: 0.6, halfRateP99Ms: 25 };

const BCRYPT_COST = 12;
const PASSWORD = 'bench-Correct-Horse-7!';
const SIGN_IN_PATH = '/auth/v1/token?grant_type=password';
const USER_PATH = '/auth/v1/user';
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Resident memory of a process in MiB (current and peak), from /proc. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMiB: round(kib('VmRSS') / 1024, 1), peakRssMiB: round(kib('VmHWM') / 1024, 1) };
  } catch {
    return null;
  }
}

/** Runs autocannon and resolves its result; `onTick` sees each 1 s sample. */
function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ timeout: 30, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The subset of an autocannon result worth keeping. */
function summarize(result) {
  return {
    connections: result.connections,
    durationS: round(result.duration, 2),
    requests: result.requests.total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    reqPerSec: round(result['2xx'] / result.duration, 1),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: round(result.latency.average, 2),
    },
  };
}

async function waitFor(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`api exited with code ${child.exitCode} before answering ${url}`);
    try {
      const response = await fetch(url);
      last = `${response.status} ${await response.text()}`;
      if (response.ok) return;
    } catch (error) {
      last = String(error.cause?.code ?? error.message);
    }
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${url} (last: ${last})`);
}

function startSmtpSink() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** Starts a node process (the built api) and collects its output for error reports. */
const profArgs = (dir) => (dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []);

function startApi(env, { cpuProfDir } = {}) {
  const args = profArgs(cpuProfDir);
  const child = spawn(process.execPath, [...args, join(rootDir, 'dist/apps/api/src/main.js')], {
    cwd: rootDir,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.output = output;
  return child;
}

async function stopChild(child, timeoutMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

function runNode(script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: rootDir,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${script} exited ${code}:\n${output}`)),
    );
  });
}

/** Median time of one bcrypt.compare at the server's cost, plus the measured all-cores rate. */
async function measureBcrypt(hash, samples, log) {
  await bcrypt.compare(PASSWORD, hash); // warm the binding
  const times = [];
  const cpuBefore = process.cpuUsage(); // all threads of this process, so the threadpool's too
  for (let i = 0; i < samples; i += 1) {
    const start = process.hrtime.bigint();
    if (!(await bcrypt.compare(PASSWORD, hash))) throw new Error('bcrypt self-check failed');
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  const hashSeconds = median(times);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSecondsPerHash = (cpu.user + cpu.system) / 1e6 / samples;
  const cores = availableParallelism();
  // Diagnostic only: what this machine actually does with all cores busy (threadpool of 4).
  const parallel = cores * 4;
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: parallel }, () => bcrypt.compare(PASSWORD, hash)));
  const parallelSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  const result = {
    cost: BCRYPT_COST,
    samples,
    hashMs: round(hashSeconds * 1000, 1),
    minMs: round(Math.min(...times) * 1000, 1),
    maxMs: round(Math.max(...times) * 1000, 1),
    // diagnostic: CPU time per compare, which other processes' load hardly changes
    cpuMsPerHash: round(cpuSecondsPerHash * 1000, 1),
    cores,
    boundReqPerSec: round(cores / hashSeconds, 2),
    measuredParallelComparesPerSec: round(parallel / parallelSeconds, 2),
  };
  log(
    `bcrypt cost ${BCRYPT_COST}: median ${result.hashMs} ms (cpu ${result.cpuMsPerHash} ms) over ${samples} → bound ${result.boundReqPerSec} req/s (${cores} cores); ` +
      `${parallel} concurrent compares ran at ${result.measuredParallelComparesPerSec}/s`,
  );
  return result;
}

/**
 * Sign-in throughput, closed loop with `connections` connections, each request signing in the
 * next of the seeded accounts (correct password). Throughput is counted over the steady state
 * only: completions after the first `warmupS` seconds, (n - 1) / (t_last - t_first).
 */
async function measureSignIn(baseUrl, emails, { connections, durationS, warmupS }, log) {
  let next = 0;
  const completions = [];
  const tokens = [];
  const statuses = {};
  const runStart = performance.now();
  const result = await cannon({
    url: baseUrl,
    connections,
    duration: warmupS + durationS,
    requests: [
      {
        method: 'POST',
        path: SIGN_IN_PATH,
        headers: { 'content-type': 'application/json' },
        setupRequest(request) {
          const email = emails[next++ % emails.length];
          return { ...request, body: JSON.stringify({ email, password: PASSWORD }) };
        },
        onResponse(status, body) {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status !== 200) return;
          completions.push(performance.now());
          if (tokens.length < 200) tokens.push(JSON.parse(body).access_token);
        },
      },
    ],
  });
  const steadyFrom = runStart + warmupS * 1000;
  const window = completions.filter((t) => t >= steadyFrom);
  const steadyRate = window.length > 1 ? (window.length - 1) / ((window.at(-1) - window[0]) / 1000) : 0;
  const summary = {
    ...summarize(result),
    statuses,
    warmupS,
    steadyCompletions: window.length,
    reqPerSec: round(steadyRate, 2),
    wholeRunReqPerSec: round(result['2xx'] / result.duration, 2),
  };
  log(
    `sign-in: ${summary.reqPerSec} req/s steady (${window.length} sign-ins after ${warmupS} s warm-up; ${connections} connections; statuses ${JSON.stringify(statuses)}; p99 ${summary.latencyMs.p99} ms)`,
  );
  return { summary, tokens };
}

/** Closed-loop GET /auth/v1/user, cycling over prebuilt requests, one per token. */
async function measureUser(baseUrl, tokens, { connections, durationS, overallRate }) {
  const requests = tokens.map((token) => ({
    method: 'GET',
    path: USER_PATH,
    headers: { authorization: `Bearer ${token}` },
  }));
  const result = await cannon({
    url: baseUrl,
    connections,
    duration: durationS,
    requests,
    ...(overallRate ? { overallRate } : {}),
  });
  return summarize(result);
}

/**
 * The whole benchmark. `options`: { redisUrl (null for the PostgreSQL backend), databaseUrl
 * (BENCH_DATABASE_URL, else a fresh database), durationS, warmupS, signInConnections,
 * userConnections, accounts, hashSamples, cpuProfDir, log }.
 */
let activeCleanup = null;

/** Undoes whatever the running benchmark set up (for Ctrl-C). */
export async function abortAuthBench() {
  const steps = activeCleanup ?? [];
  activeCleanup = null;
  for (const step of steps.reverse()) await step().catch(() => undefined);
}

export async function runAuthBench(options) {
  const log = options.log ?? console.log;
  const ts = options.timestamp;
  const cleanup = [];
  activeCleanup = cleanup;
  const result = { backend: options.redisUrl ? 'redis' : 'postgres', settings: {} };
  let api = null;
  let baseline = null;
  try {
    // ---- database -----------------------------------------------------------------------
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const dbName = `fanmint_bench_${ts}_${result.backend}`;
      const adminUrl = options.adminUrl;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
      cleanup.push(async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${dbName} with (force)`);
        await client.end();
      });
      result.database = dbName;
    } else {
      result.database = '(BENCH_DATABASE_URL)';
    }
    await runNode(join(rootDir, 'dist/apps/api/src/migrate.js'), { DATABASE_URL: databaseUrl });

    // ---- accounts: inserted directly, confirmed, with a real cost-12 hash ----------------
    const hash = await bcrypt.hash(PASSWORD, BCRYPT_COST);
    const emails = Array.from({ length: options.accounts }, (_, i) => `bench-${ts}-${i}@bench.fanmint.test`);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `insert into users (email, encrypted_password, email_confirmed_at) select unnest($1::text[]), $2, now()`,
      [emails, hash],
    );
    const userCount = Number((await db.query('select count(*) from users')).rows[0].count);
    await db.end();
    log(
      `database ${result.database}: migrated, ${emails.length} confirmed accounts inserted (${userCount} users in table)`,
    );

    // ---- SMTP sink and the api ------------------------------------------------------------
    const smtp = await startSmtpSink();
    cleanup.push(() => new Promise((resolve) => smtp.close(resolve)));
    const port = await findFreePort(options.port ?? 39_400);
    const jwtSecret = `bench-secret-${ts}-0123456789abcdefghijklmnopqrstuvwxyz`;
    const publicUrl = `http://127.0.0.1:${port}`;
    const redisPrefix = `fanmint_bench_${ts}`;
    const apiEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
      JWT_SECRET: jwtSecret,
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: options.logLevel ?? 'warn',
      RATE_LIMIT_SCALE: '1000000',
      BCRYPT_COST: String(BCRYPT_COST),
      REDIS_URL: options.redisUrl ?? undefined,
      REDIS_PREFIX: redisPrefix,
      UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE,
    };
    if (options.redisUrl) {
      cleanup.push(async () => {
        const redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
        await redis.connect();
        let cursor = '0';
        do {
          const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 1000);
          cursor = nextCursor;
          if (keys.length) await redis.del(...keys);
        } while (cursor !== '0');
        await redis.quit();
      });
    }
    api = startApi(apiEnv, { cpuProfDir: options.cpuProfDir });
    cleanup.push(() => stopChild(api));
    const baseUrl = publicUrl;
    await waitFor(`${baseUrl}/health`, 60_000, api);
    const memory = { afterStart: memoryOf(api.pid) };
    result.settings = {
      api: {
        pid: api.pid,
        LOG_LEVEL: apiEnv.LOG_LEVEL,
        RATE_LIMIT_SCALE: apiEnv.RATE_LIMIT_SCALE,
        BCRYPT_COST,
        REDIS_URL: options.redisUrl ?? null,
        UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '4 (default)',
        NODE_ENV: 'production',
      },
      accounts: emails.length,
      signIn: {
        connections: options.signInConnections,
        durationS: options.signInDurationS,
        warmupS: options.signInWarmupS,
      },
      user: {
        connections: options.userConnections,
        durationS: options.durationS,
        warmupS: options.warmupS,
        sweepConnections: options.sweepConnections,
        sweepDurationS: options.sweepDurationS,
      },
      autocannon: 'in-process (the bench process), same machine',
    };
    log(
      `api up on ${baseUrl} (pid ${api.pid}, rate-limit backend ${result.backend}, rss ${memory.afterStart?.rssMiB} MiB)`,
    );

    // ---- 1. sign-in against the bcrypt bound ----------------------------------------------
    const pids = () => ({ bench: process.pid, api: api.pid, ...(baseline ? { baseline: baseline.pid } : {}) });
    /** Runs a phase and records the cores it used (ours and everybody else's). */
    const phase = async (fn) => {
      const before = cpuSnapshot(pids());
      const value = await fn();
      return { value, cpu: cpuUsage(before, cpuSnapshot(pids())) };
    };
    const bcryptPhase = await phase(() => measureBcrypt(hash, options.hashSamples, log));
    result.bcrypt = { ...bcryptPhase.value, cpu: bcryptPhase.cpu };
    const signInPhase = await phase(() =>
      measureSignIn(
        baseUrl,
        emails,
        { connections: options.signInConnections, durationS: options.signInDurationS, warmupS: options.signInWarmupS },
        log,
      ),
    );
    const signIn = signInPhase.value;
    result.signIn = { ...signIn.summary, cpu: signInPhase.cpu };
    // noise-robust view: api CPU seconds per sign-in ÷ one hash (1.0 = nothing but bcrypt)
    result.signIn.apiCpuPerSignInOverHash = round(
      signInPhase.cpu.apiCores / result.signIn.reqPerSec / (result.bcrypt.cpuMsPerHash / 1000),
      3,
    );
    log(
      `  cpu during sign-in: ${JSON.stringify(signInPhase.cpu)}; api CPU per sign-in = ${result.signIn.apiCpuPerSignInOverHash} × one hash's CPU time`,
    );
    result.signIn.ratio = round(result.signIn.reqPerSec / result.bcrypt.boundReqPerSec, 3);
    memory.afterSignIn = memoryOf(api.pid);
    if (signIn.tokens.length === 0) throw new Error('no successful sign-in; cannot measure GET /auth/v1/user');
    const tokens = signIn.tokens.slice(0, 100);

    // ---- 2. GET /auth/v1/user against the bare baseline -----------------------------------
    baseline = fork(join(rootDir, 'bench/baseline-server.mjs'), [], {
      cwd: rootDir,
      execArgv: profArgs(options.cpuProfDir && join(options.cpuProfDir, 'baseline')),
      env: childEnv({
        DATABASE_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
        JWT_ISSUER: `${publicUrl}/auth/v1`,
        POOL_MAX: '10',
        JWT_VERIFY: options.baselineJwt ?? 'jsonwebtoken',
      }),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    cleanup.push(() => stopChild(baseline));
    const [{ port: baselinePort }] = await once(baseline, 'message');
    const baselineUrl = `http://127.0.0.1:${baselinePort}`;
    const check = await fetch(`${baselineUrl}${USER_PATH}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    const productCheck = await fetch(`${baseUrl}${USER_PATH}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    if (!check.ok || !productCheck.ok)
      throw new Error(`GET ${USER_PATH} self-check failed: baseline ${check.status}, product ${productCheck.status}`);
    result.user = {
      baselineJwtVerify: options.baselineJwt ?? 'jsonwebtoken',
      tokens: tokens.length,
      productBodyBytes: (await productCheck.text()).length,
      baselineBodyBytes: (await check.text()).length,
    };

    const run = { connections: options.userConnections, durationS: options.durationS };
    await measureUser(baseUrl, tokens, { ...run, durationS: options.warmupS });
    const productPhase = await phase(() => measureUser(baseUrl, tokens, run));
    result.user.product = { ...productPhase.value, cpu: productPhase.cpu };
    log(
      `GET user, product : ${result.user.product.reqPerSec} req/s (${run.connections} connections, ${run.durationS} s; p99 ${result.user.product.latencyMs.p99} ms; non-2xx ${result.user.product.non2xx}; cpu ${JSON.stringify(productPhase.cpu)})`,
    );
    await measureUser(baselineUrl, tokens, { ...run, durationS: options.warmupS });
    const baselinePhase = await phase(() => measureUser(baselineUrl, tokens, run));
    result.user.baseline = { ...baselinePhase.value, cpu: baselinePhase.cpu };
    log(
      `GET user, baseline: ${result.user.baseline.reqPerSec} req/s (${run.connections} connections, ${run.durationS} s; p99 ${result.user.baseline.latencyMs.p99} ms; non-2xx ${result.user.baseline.non2xx}; cpu ${JSON.stringify(baselinePhase.cpu)})`,
    );
    result.user.ratio = round(result.user.product.reqPerSec / result.user.baseline.reqPerSec, 3);
    // noise-robust view: CPU time each server spent per answered request
    const cpuUs = (m, cores) => round((cores / m.reqPerSec) * 1e6, 0);
    result.user.cpuUsPerRequest = {
      product: cpuUs(result.user.product, productPhase.cpu.apiCores),
      baseline: cpuUs(result.user.baseline, baselinePhase.cpu.baselineCores),
    };
    result.user.cpuEfficiencyRatio = round(
      result.user.cpuUsPerRequest.baseline / result.user.cpuUsPerRequest.product,
      3,
    );
    log(
      `GET user CPU per request: product ${result.user.cpuUsPerRequest.product} µs, baseline ${result.user.cpuUsPerRequest.baseline} µs (ratio ${result.user.cpuEfficiencyRatio})`,
    );

    // ---- 3. product peak (connection sweep) and p99 at half of it ------------------------
    const sweep = [
      {
        connections: run.connections,
        reqPerSec: result.user.product.reqPerSec,
        p99Ms: result.user.product.latencyMs.p99,
      },
    ];
    for (const connections of options.sweepConnections) {
      const point = await measureUser(baseUrl, tokens, { connections, durationS: options.sweepDurationS });
      sweep.push({ connections, reqPerSec: point.reqPerSec, p99Ms: point.latencyMs.p99 });
    }
    const peak = sweep.reduce((best, point) => (point.reqPerSec > best.reqPerSec ? point : best));
    const halfRate = Math.max(1, Math.floor(peak.reqPerSec / 2));
    log(
      `peak sweep: ${sweep.map((p) => `${p.connections}c→${p.reqPerSec}/s`).join(', ')}; peak ${peak.reqPerSec} req/s`,
    );
    const halfPhase = await phase(() =>
      measureUser(baseUrl, tokens, {
        connections: run.connections,
        durationS: options.durationS,
        overallRate: halfRate,
      }),
    );
    const half = { ...halfPhase.value, cpu: halfPhase.cpu };
    result.halfRate = {
      peakReqPerSec: peak.reqPerSec,
      peakConnections: peak.connections,
      sweep,
      overallRate: halfRate,
      ...half,
    };
    log(
      `GET user at ${halfRate} req/s (half of peak): achieved ${half.reqPerSec} req/s, p50 ${half.latencyMs.p50} ms, p99 ${half.latencyMs.p99} ms; cpu ${JSON.stringify(half.cpu)}`,
    );
    // diagnostic: the bare baseline at the same rate shows the machine's own latency floor
    const baselineHalfPhase = await phase(() =>
      measureUser(baselineUrl, tokens, {
        connections: run.connections,
        durationS: options.durationS,
        overallRate: halfRate,
      }),
    );
    result.halfRate.baseline = { ...baselineHalfPhase.value, cpu: baselineHalfPhase.cpu };
    log(
      `  baseline at the same ${halfRate} req/s: p50 ${baselineHalfPhase.value.latencyMs.p50} ms, p99 ${baselineHalfPhase.value.latencyMs.p99} ms`,
    );
    await stopChild(baseline);
    baseline = null;

    // optional soak: is the RSS growth under load a plateau or a leak?
    if (options.soakRuns > 0) {
      result.soak = [];
      for (let i = 0; i < options.soakRuns; i += 1) {
        const point = await measureUser(baseUrl, tokens, run);
        result.soak.push({ run: i + 1, reqPerSec: point.reqPerSec, requests: point.requests, ...memoryOf(api.pid) });
        log(`soak ${i + 1}/${options.soakRuns}: ${point.reqPerSec} req/s, api rss ${result.soak.at(-1).rssMiB} MiB`);
      }
    }

    memory.afterAll = memoryOf(api.pid);
    result.memory = memory;
    result.verdict = {
      signIn: {
        value: result.signIn.ratio,
        target: `>= ${TARGETS.signInRatio}`,
        pass: result.signIn.ratio >= TARGETS.signInRatio,
      },
      user: {
        value: result.user.ratio,
        target: `>= ${TARGETS.userRatio}`,
        pass: result.user.ratio >= TARGETS.userRatio,
      },
      halfRateP99: {
        value: result.halfRate.latencyMs.p99,
        target: `< ${TARGETS.halfRateP99Ms} ms`,
        pass: result.halfRate.latencyMs.p99 < TARGETS.halfRateP99Ms && result.halfRate.non2xx === 0,
      },
    };
    return result;
  } catch (error) {
    if (api?.output?.length) error.message += `\n--- api output (tail) ---\n${api.output.join('').slice(-4000)}`;
    throw error;
  } finally {
    activeCleanup = null;
    for (const step of cleanup.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`cleanup step failed: ${error.message}`);
      }
    }
  }
}
