// `npm run bench`: the auth endpoints benchmark (bench/README.md).
//
//   1. builds the server (npm run build:server) when dist/ is missing or older than the sources
//   2. runs bench/auth.bench.mjs against the built api with REDIS_URL set (production shape)
//      — `--no-redis` for the PostgreSQL rate-limit backend instead, `--both` for both
//   3. writes bench/results/<timestamp>.json, appends a one-line summary to bench/RESULTS.md,
//      prints a table with PASS/FAIL against the targets
//
// Exits 0 when the benchmark ran, whatever the verdict (FAIL is printed); non-zero only when it
// could not run. Environment: BENCH_DATABASE_URL (use this database instead of a fresh
// fanmint_bench_<ts>), BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379), BENCH_DURATION (seconds per GET run, default 10),
// BENCH_LOG_LEVEL (api LOG_LEVEL, default warn), BENCH_CPU_PROF=1 (api and baseline under --cpu-prof, profiles in bench/results/cpu-prof-<ts>/),
// BENCH_SOAK_RUNS=n (n more 10 s GET runs at the end, RSS after each: leak or plateau?).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { ensurePinnedNode, childEnv, rootDir } from '../scripts/lib/util.mjs';

await ensurePinnedNode();

const { runAuthBench, abortAuthBench, TARGETS } = await import('./auth.bench.mjs');

const args = new Set(process.argv.slice(2));
const startedAt = new Date();
const timestamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\..+$/, '').replace('T', '_').toLowerCase();
const log = (message) => console.log(`[bench] ${message}`);
const resultsDir = join(rootDir, 'bench/results');

// ---- 1. build ----------------------------------------------------------------------------
function newestSource(dir) {
  let newest = { mtimeMs: 0, file: null };
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.spec.ts')) continue;
    const full = join(entry.parentPath, entry.name);
    // the same set tsconfig.build.json compiles
    if (full.includes('/node_modules/') || full.startsWith(join(rootDir, 'libs/testing/'))) continue;
    const { mtimeMs } = statSync(full);
    if (mtimeMs > newest.mtimeMs) newest = { mtimeMs, file: full };
  }
  return newest;
}

function buildReason() {
  const main = join(rootDir, 'dist/apps/api/src/main.js');
  if (!existsSync(main)) return 'dist/ is missing';
  const stamp = existsSync(join(rootDir, 'dist/.tsbuildinfo')) ? join(rootDir, 'dist/.tsbuildinfo') : main;
  const builtAt = statSync(stamp).mtimeMs;
  for (const dir of ['apps', 'libs']) {
    const newest = newestSource(join(rootDir, dir));
    if (newest.mtimeMs > builtAt) return `${relative(rootDir, newest.file)} is newer than the build`;
  }
  return null;
}

const reason = buildReason();
if (reason) {
  log(`building the server (${reason}): npm run build:server`);
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: rootDir, stdio: 'inherit', env: childEnv() });
  if (build.status !== 0) {
    console.error('[bench] build failed');
    process.exit(1);
  }
}

// ---- 2. run ------------------------------------------------------------------------------
const durationS = Number(process.env.BENCH_DURATION ?? 10);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const backends = args.has('--both') ? [redisUrl, null] : args.has('--no-redis') ? [null] : [redisUrl];
const cpuProfDir = process.env.BENCH_CPU_PROF ? join(resultsDir, `cpu-prof-${timestamp}`) : undefined;
mkdirSync(resultsDir, { recursive: true });

const machine = {
  cores: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  memGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  date: startedAt.toISOString(),
  loadAvgAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
};
log(
  `machine: ${machine.cores} cores (${machine.cpu}), ${machine.memGiB} GiB, node ${machine.node}, load average ${machine.loadAvgAtStart.join(' ')}`,
);
if (machine.loadAvgAtStart[0] > machine.cores * 0.5) {
  log(
    `WARNING: the machine is already busy (load ${machine.loadAvgAtStart[0]} on ${machine.cores} cores); other processes take CPU from the api and the figures will be low. 'otherCores' in the results shows how much.`,
  );
}

const runs = [];
let failed = null;
const stop = () => {
  log('interrupted: stopping the api, dropping the bench database');
  abortAuthBench().finally(() => process.exit(130));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
process.once('uncaughtException', (error) => {
  console.error(`[bench] crashed: ${error.stack ?? error}`);
  abortAuthBench().finally(() => process.exit(1));
});

for (const backendUrl of backends) {
  log(
    `--- run with ${backendUrl ? `REDIS_URL=${backendUrl}` : 'no REDIS_URL (PostgreSQL rate-limit counters and queues)'} ---`,
  );
  try {
    runs.push(
      await runAuthBench({
        timestamp,
        redisUrl: backendUrl,
        databaseUrl: process.env.BENCH_DATABASE_URL,
        adminUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
        logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
        accounts: 500,
        hashSamples: 20,
        signInConnections: 8,
        signInWarmupS: 3,
        signInDurationS: 12,
        userConnections: 20,
        durationS,
        warmupS: Number(process.env.BENCH_WARMUP ?? 10),
        sweepConnections: [10, 40],
        sweepDurationS: 5,
        baselineJwt: process.env.BENCH_BASELINE_JWT ?? 'jsonwebtoken',
        soakRuns: Number(process.env.BENCH_SOAK_RUNS ?? 0),
        cpuProfDir: cpuProfDir && join(cpuProfDir, backendUrl ? 'redis' : 'postgres'),
        log,
      }),
    );
  } catch (error) {
    failed = error;
    console.error(`[bench] run failed: ${error.stack ?? error}`);
    break;
  }
}

if (runs.length === 0) process.exit(1);

// ---- 3. report ---------------------------------------------------------------------------
const file = join(resultsDir, `${timestamp}.json`);
writeFileSync(file, `${JSON.stringify({ machine, targets: TARGETS, runs }, null, 2)}\n`);

const mark = (pass) => (pass ? 'PASS' : 'FAIL');
const rows = [];
for (const run of runs) {
  const v = run.verdict;
  rows.push([
    `${run.backend}: sign-in ÷ bcrypt bound`,
    `${run.signIn.reqPerSec} / ${run.bcrypt.boundReqPerSec} req/s`,
    v.signIn.value.toFixed(3),
    v.signIn.target,
    mark(v.signIn.pass),
  ]);
  rows.push([
    `${run.backend}: GET /auth/v1/user ÷ bare baseline`,
    `${run.user.product.reqPerSec} / ${run.user.baseline.reqPerSec} req/s`,
    v.user.value.toFixed(3),
    v.user.target,
    mark(v.user.pass),
  ]);
  rows.push([
    `${run.backend}: GET user p99 at half peak`,
    `${run.halfRate.overallRate} req/s (peak ${run.halfRate.peakReqPerSec})`,
    `${v.halfRateP99.value} ms`,
    v.halfRateP99.target,
    mark(v.halfRateP99.pass),
  ]);
}
const header = ['figure', 'raw', 'value', 'target', 'verdict'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ');
console.log('');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const row of rows) console.log(line(row));
console.log('');
console.log('diagnostics (noise-robust, not targets):');
for (const run of runs) {
  console.log(
    `${run.backend}: sign-in: api CPU per sign-in = ${run.signIn.apiCpuPerSignInOverHash} × one hash's CPU time (1.0 = pure bcrypt); one hash: ${run.bcrypt.hashMs} ms wall, ${run.bcrypt.cpuMsPerHash} ms CPU; ` +
      `other processes used ${run.signIn.cpu.otherCores} of ${run.bcrypt.cores} cores during it; ${run.bcrypt.cores * 4} concurrent compares in the bench process ran at ${run.bcrypt.measuredParallelComparesPerSec}/s`,
  );
  console.log(
    `${run.backend}: GET user CPU per request: product ${run.user.cpuUsPerRequest.product} µs, baseline ${run.user.cpuUsPerRequest.baseline} µs ` +
      `(baseline ÷ product = ${run.user.cpuEfficiencyRatio}); other processes used ${run.user.product.cpu.otherCores} / ${run.user.baseline.cpu.otherCores} cores`,
  );
  console.log(
    `${run.backend}: at ${run.halfRate.overallRate} req/s p50/p99: product ${run.halfRate.latencyMs.p50}/${run.halfRate.latencyMs.p99} ms, ` +
      `bare baseline ${run.halfRate.baseline.latencyMs.p50}/${run.halfRate.baseline.latencyMs.p99} ms; other processes used ${run.halfRate.cpu.otherCores} cores`,
  );
  const m = run.memory;
  console.log(
    `${run.backend}: api RSS ${m.afterStart?.rssMiB} MiB after start → ${m.afterSignIn?.rssMiB} after sign-in → ${m.afterAll?.rssMiB} MiB at the end (peak ${m.afterAll?.peakRssMiB} MiB)`,
  );
}
const allPass = runs.every((run) => Object.values(run.verdict).every((v) => v.pass));
console.log('');
console.log(allPass ? 'RESULT: PASS (all targets met)' : 'RESULT: FAIL (see the FAIL rows above; exit code stays 0)');
console.log(
  `results: ${relative(rootDir, file)}${cpuProfDir ? `, cpu profiles: ${relative(rootDir, cpuProfDir)}` : ''}`,
);

// one line per run in bench/RESULTS.md
const resultsMd = join(rootDir, 'bench/RESULTS.md');
for (const run of cpuProfDir ? [] : runs) {
  const v = run.verdict;
  const summary =
    `| ${machine.date.slice(0, 16).replace('T', ' ')}Z | ${machine.cores} × ${machine.cpu} | ${machine.node} | ${run.backend} ` +
    `| ${run.signIn.reqPerSec} / ${run.bcrypt.boundReqPerSec} = **${v.signIn.value.toFixed(2)}** ${mark(v.signIn.pass)} ` +
    `| ${run.user.product.reqPerSec} / ${run.user.baseline.reqPerSec} = **${v.user.value.toFixed(2)}** ${mark(v.user.pass)} ` +
    `| ${run.halfRate.overallRate} req/s → **${v.halfRateP99.value} ms** ${mark(v.halfRateP99.pass)} ` +
    `| ${run.memory.afterStart?.rssMiB} → ${run.memory.afterAll?.rssMiB} | ${relative(rootDir, file)} |`;
  appendFileSync(resultsMd, `${summary}\n`);
}
if (cpuProfDir) console.log('profiled run (BENCH_CPU_PROF): not appended to bench/RESULTS.md');
if (failed) console.log('note: a later run failed; the results above are partial');
process.exit(0);
