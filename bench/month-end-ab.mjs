// `node bench/month-end-ab.mjs --before DIR [--after DIR]`: the month-end close of two builds on
// identical data, alternated, as ratios (bench/README.md, "Month-end A/B").
//
// Each tree (a checkout with its own `npm run build:server`) migrates and seeds one database once:
// BENCH_PAYEES payees (default 100,000) with the same ids in both, BENCH_SALES sales each, through
// that tree's own synthetic-ledger seed, then VACUUM ANALYZE. Every trial is a `CREATE DATABASE …
// TEMPLATE` copy of its tree's seed, a CHECKPOINT, then the tree's dist/apps/worker/src/month-end.js
// (the command bench:payouts times). Per trial: the close's own time (timed by the command), the CPU
// of the command (user + sys, from /proc) and of the PostgreSQL backends serving it (sampled every
// 100 ms); each trial is checked (a payout per payee, no unbalanced transaction). Rounds alternate
// the order of the trees. `--keep-seeds` keeps the seeded databases and reuses them. `--split-cores` runs
// PostgreSQL on the first core and the command on the second during the trials, as an operator runs the
// database and the worker on different hosts (needs taskset; every PostgreSQL process gets all cores back
// at the end). Environment: BENCH_PG_URL (admin), BENCH_PAYEES, BENCH_SALES, BENCH_BATCH,
// BENCH_ROUNDS (default 5).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { childEnv, ensurePinnedNode, rootDir } from '../scripts/lib/util.mjs';
import { monthEndArgs, seedSyntheticLedger } from './lib/synthetic-ledger.mjs';

await ensurePinnedNode();
const pg = (await import('pg')).default;

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const trees = { before: option('before'), after: option('after', rootDir) };
if (!trees.before) {
  console.error(
    'usage: node bench/month-end-ab.mjs --before DIR [--after DIR]  (each DIR built with npm run build:server)',
  );
  process.exit(64);
}
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const payees = Number(process.env.BENCH_PAYEES ?? 100_000);
const salesPerPayee = Number(process.env.BENCH_SALES ?? 10);
const batchSize = Number(process.env.BENCH_BATCH ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
// --keep-seeds: leave the seeded databases for the next run (same trees, same sizes), and reuse them.
const keepSeeds = process.argv.includes('--keep-seeds');
const splitCores = process.argv.includes('--split-cores');
const log = (message) => console.log(`[month-end-ab] ${message}`);

/** Sets the CPU affinity of every PostgreSQL process (server, auxiliaries, backends; new backends inherit the server's). */
function pinPostgres(cpus) {
  const pids = spawnSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
  if (pids.length === 0) throw new Error('--split-cores: no PostgreSQL process found on this host (pgrep -x postgres)');
  for (const pid of pids) spawnSync('taskset', ['-a', '-p', '-c', cpus, pid], { stdio: 'ignore' });
}
const allCores = `0-${availableParallelism() - 1}`;
if (splitCores) {
  if (availableParallelism() < 2) throw new Error('--split-cores needs two cores');
  process.on('exit', () => pinPostgres(allCores));
}
const CLK_TCK = 100;

const urlOf = (database) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** The same payee ids for every tree: the n-th payee's id spells n. */
const payeeId = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function seed(name, dir) {
  const database = `fanmint_ab_seed_${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (keepSeeds) {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (rowCount) {
      await admin.end();
      log(`${name}: reusing ${database}`);
      return database;
    }
  }
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const migrate = spawnSync(process.execPath, [join(dir, 'dist/apps/api/src/migrate.js')], {
    cwd: dir,
    env: childEnv({ DATABASE_URL: urlOf(database), LOG_LEVEL: 'warn' }),
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`${name}: migrations failed:\n${migrate.stdout}${migrate.stderr}`);
  const db = new pg.Client({ connectionString: urlOf(database) });
  await db.connect();
  const started = Date.now();
  await seedSyntheticLedger(db, dir, { payees, salesPerPayee, idOf: payeeId });
  await db.end();
  log(`${name}: seeded ${payees} payees × ${salesPerPayee} sales in ${Math.round((Date.now() - started) / 1000)} s`);
  return database;
}

const jiffies = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return null;
  }
};

async function trial(name, dir, template, round) {
  const database = `fanmint_ab_trial_${name}_${round}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database} template ${template}`);
  await admin.query('checkpoint');
  const load = loadavg()[0];
  // bash's `times` prints its children's user and system CPU once the command has exited.
  const timesFile = join(tmpdir(), `${database}.times`);
  if (splitCores) pinPostgres('0');
  const [command, ...prefix] = splitCores ? ['taskset', '-c', '1', 'bash'] : ['bash'];
  const child = spawn(
    command,
    [
      ...prefix,
      '-c',
      '"$@"; code=$?; times > "$TIMES_FILE"; exit $code',
      'bash',
      process.execPath,
      ...monthEndArgs(dir, batchSize),
    ],
    {
      cwd: dir,
      env: childEnv({
        DATABASE_URL: urlOf(database),
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
        PUBLIC_URL: 'http://127.0.0.1:9',
        SMTP_URL: 'smtp://127.0.0.1:9',
        TIMES_FILE: timesFile,
      }),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (data) => (output += data));
  // The backends serving this trial's database: the last CPU figure seen of each.
  const backends = new Map();
  const sample = async () => {
    const seen = await admin.query('select pid from pg_stat_activity where datname = $1', [database]);
    for (const { pid } of seen.rows) {
      const used = jiffies(pid);
      if (used !== null) backends.set(pid, Math.max(backends.get(pid) ?? 0, used));
    }
  };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sample();
      await new Promise((done) => setTimeout(done, 100));
    }
  })();
  const code = await new Promise((done) => child.once('exit', done));
  sampling = false;
  await sampler;
  if (splitCores) pinPostgres(allCores);
  if (code !== 0) throw new Error(`${name}: month-end exited ${code}: ${output}`);
  const seconds = (text) => {
    const [, minutes, secs] = /(\d+)m([\d.]+)s/.exec(text);
    return Number(minutes) * 60 + Number(secs);
  };
  const [userTime, systemTime] = readFileSync(timesFile, 'utf8').trim().split('\n')[1].split(' ');
  const commandCpu = seconds(userTime) + seconds(systemTime);
  const closeSeconds = JSON.parse(output.trim().split('\n').pop()).elapsedMs / 1000;
  const db = new pg.Client({ connectionString: urlOf(database) });
  await db.connect();
  const check = await db.query(
    `select (select count(*)::int from payouts) as payouts,
            (select count(*)::int from (select 1 from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0) x) as unbalanced`,
  );
  await db.end();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
  const { payouts, unbalanced } = check.rows[0];
  if (payouts !== payees || unbalanced !== 0)
    throw new Error(`${name}: ${payouts} payouts for ${payees} payees, ${unbalanced} unbalanced transactions`);
  const postgresJiffies = [...backends.values()].reduce((sum, used) => sum + used, 0);
  return {
    closeSeconds,
    commandCpu,
    postgresCpu: postgresJiffies / CLK_TCK,
    load: Math.round(load * 100) / 100,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fixed = (value) => value.toFixed(2);

const names = Object.keys(trees);
for (const name of names) trees[name] = resolve(trees[name]);
const templates = {};
for (const name of names) templates[name] = await seed(name, trees[name]);
const results = { before: [], after: [] };
for (let round = 1; round <= rounds; round++) {
  const order = round % 2 ? names : [...names].reverse();
  for (const name of order) {
    const result = await trial(name, trees[name], templates[name], round);
    results[name].push(result);
    log(
      `round ${round} ${name}: close ${fixed(result.closeSeconds)} s, command CPU ${fixed(result.commandCpu)} s, PostgreSQL CPU ${fixed(result.postgresCpu)} s, load ${result.load}`,
    );
  }
}
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
if (!keepSeeds) for (const name of names) await admin.query(`drop database if exists ${templates[name]} with (force)`);
await admin.end();

console.log(`\n| figure | before (each round) | after (each round) | median ratio after/before (each round) |`);
console.log('|---|---|---|---|');
for (const [figure, key] of [
  ['close s', 'closeSeconds'],
  ['command CPU s', 'commandCpu'],
  ['PostgreSQL CPU s', 'postgresCpu'],
]) {
  const before = results.before.map((r) => r[key]);
  const after = results.after.map((r) => r[key]);
  const ratios = after.map((value, i) => value / before[i]);
  console.log(
    `| ${figure} | ${before.map(fixed).join(' · ')} | ${after.map(fixed).join(' · ')} | **${fixed(median(ratios))}** (${ratios.map(fixed).join(' · ')}) |`,
  );
}
console.log(`loads at trial start: ${[...results.before, ...results.after].map((r) => r.load).join(', ')}`);
