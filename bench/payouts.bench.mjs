// `npm run bench:payouts`: the month-end close benchmark (bench/README.md, "Payouts").
//
//   close   For each size (default 100,000 and 1,000,000 payees), a fresh database seeded with that
//           many payees, each with a crypto payout method and 10 sales of 10.00 EUR due this month
//           (balanced ledger transactions through the real trigger), then the operator command
//           dist/apps/worker/src/month-end.js closes the month: every payee's pending moves to
//           current and is paid out (4 ledger entries + 1 transaction + 1 payout per payee).
//           The close's own time (timed inside the command), the command's wall time, payees/s,
//           and the largest ÷ smallest time ratio.
//
// Targets (issue 7): 1,000,000 payees × 10 sales closed in <= 60 s; the 100k → 1M time ratio <= 12.
// Environment: BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_PAYEES (comma-separated sizes, default 100000,1000000), BENCH_SALES (per payee, default 10),
// BENCH_BATCH (payees per close batch, default 10000). Options: --no-record.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { randomUUID } from 'node:crypto';
import { addResultRow } from './lib/results-md.mjs';
import { monthEndArgs, seedSyntheticLedger } from './lib/synthetic-ledger.mjs';
import { childEnv, ensurePinnedNode, rootDir } from '../scripts/lib/util.mjs';

await ensurePinnedNode();
const pg = (await import('pg')).default;

const TARGETS = { closeSeconds: 60, ratio: 12 };
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sizes = (process.env.BENCH_PAYEES ?? '100000,1000000').split(',').map(Number);
const salesPerPayee = Number(process.env.BENCH_SALES ?? 10);
const batchSize = Number(process.env.BENCH_BATCH ?? 10_000);
const record = !process.argv.includes('--no-record');
const timestamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15).toLowerCase();
const log = (message) => console.log(`[bench:payouts] ${message}`);

if (!existsSync(join(rootDir, 'dist/apps/worker/src/month-end.js'))) {
  log('building the server (dist/ is missing)...');
  spawnSync('npm', ['run', 'build:server'], { cwd: rootDir, stdio: 'inherit' });
}

async function withDatabase(name, fn) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    log(`dropped ${name}`);
  }
}

async function closeAt(payees) {
  return withDatabase(`fanmint_bench_pay_${timestamp}_${payees}`, async (databaseUrl) => {
    const migrate = spawnSync(process.execPath, [join(rootDir, 'dist/apps/api/src/migrate.js')], {
      cwd: rootDir,
      env: childEnv({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}${migrate.stderr}`);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const seedStarted = Date.now();
    await seedSyntheticLedger(db, rootDir, {
      payees,
      salesPerPayee,
      idOf: () => randomUUID(),
      onChunk: (done) => {
        if (done % 200_000 === 20_000 || done === payees)
          log(`  seeded ${done} / ${payees} payees (${Math.round((Date.now() - seedStarted) / 1000)} s)`);
      },
    });
    // The seed's dirty pages are written now, not by a checkpoint during the close (timings repeat).
    await db.query('checkpoint');
    log(
      `seeded ${payees} payees × ${salesPerPayee} sales in ${Math.round((Date.now() - seedStarted) / 1000)} s; closing January 2030...`,
    );
    const walBefore = (await db.query('select pg_current_wal_lsn() as lsn')).rows[0].lsn;
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, monthEndArgs(rootDir, batchSize), {
      cwd: rootDir,
      env: childEnv({
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
        PUBLIC_URL: 'http://127.0.0.1:9',
        SMTP_URL: 'smtp://127.0.0.1:9',
      }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (data) => (output += data));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (code !== 0) throw new Error(`month-end exited ${code}: ${output}`);
    // The close itself, as the command timed it (its process start and Nest boot are in wallSeconds).
    const seconds = JSON.parse(output.trim().split('\n').pop()).elapsedMs / 1000;
    const walMB = Math.round(
      (await db.query('select pg_wal_lsn_diff(pg_current_wal_lsn(), $1) as bytes', [walBefore])).rows[0].bytes / 1e6,
    );
    const check = await db.query(
      `select (select count(*)::int from payouts) as payouts, (select coalesce(sum(amount_minor), 0)::bigint from payouts) as paid,
              (select count(*)::int from (select 1 from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0) x) as unbalanced`,
    );
    await db.end();
    const { payouts, paid, unbalanced } = check.rows[0];
    const expectedPaid = payees * salesPerPayee * 750;
    log(
      `${payees} payees closed in ${seconds.toFixed(1)} s (${wallSeconds.toFixed(1)} s with the command's start; ${Math.round(payees / seconds)} payees/s; ${walMB} MB of WAL); ${payouts} payouts, ${paid} paid (expected ${expectedPaid}), ${unbalanced} unbalanced`,
    );
    if (payouts !== payees || Number(paid) !== expectedPaid || unbalanced !== 0)
      throw new Error('the close did not pay every payee exactly their earnings');
    return {
      payees,
      sales: payees * salesPerPayee,
      seconds: Number(seconds.toFixed(2)),
      wallSeconds: Number(wallSeconds.toFixed(2)),
      payeesPerSecond: Math.round(payees / seconds),
      walMB,
    };
  });
}

const machine = {
  date: new Date().toISOString(),
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  loadAvgAtStart: loadavg().map((value) => value.toFixed(2)),
};
const runs = [];
for (const size of sizes) runs.push(await closeAt(size));
const smallest = runs[0];
const largest = runs[runs.length - 1];
const ratio = runs.length > 1 ? Number((largest.seconds / smallest.seconds).toFixed(2)) : null;
const million = runs.find((run) => run.payees === 1_000_000);
const verdict = {
  close: million ? million.seconds <= TARGETS.closeSeconds : null,
  ratio: ratio === null ? null : ratio <= TARGETS.ratio,
};
const result = {
  machine,
  batchSize,
  salesPerPayee,
  runs,
  ratio,
  verdict,
  result: Object.values(verdict).every((value) => value !== false) ? 'PASS' : 'FAIL',
};
const resultsDir = join(rootDir, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `payouts-${timestamp}.json`);
writeFileSync(file, JSON.stringify(result, null, 2));
console.table(runs);
log(`ratio ${largest.payees / smallest.payees}× payees → ${ratio ?? '—'}× time; ${result.result}`);

if (record) {
  const resultsMd = join(rootDir, 'bench/RESULTS.md');
  const SECTION = '## Payouts: month-end close (npm run bench:payouts)';
  const header =
    `One row per run (appended automatically; JSON in \`bench/results/payouts-<timestamp>.json\`, not committed). ` +
    `Targets: 1,000,000 payees × 10 sales closed (released and paid out) in <= ${TARGETS.closeSeconds} s; time ratio 100k → 1M <= ${TARGETS.ratio}.\n\n` +
    '| date (UTC) | machine (cores × cpu, load 1/5/15) | batch | runs (payees: seconds) | 1M close s | ratio | verdict | results file |\n|---|---|---|---|---|---|---|---|\n';
  const cells = [
    `${machine.date.slice(0, 16).replace('T', ' ')}Z`,
    `${machine.cores} × ${machine.cpu}, load ${machine.loadAvgAtStart.join(' ')}`,
    String(batchSize),
    runs
      .map(
        (run) =>
          `${run.payees.toLocaleString('en')}: ${run.seconds}${run.walMB === undefined ? '' : ` (WAL ${run.walMB} MB)`}`,
      )
      .join(' · '),
    million ? `**${million.seconds}**` : '—',
    ratio === null ? '—' : `**${ratio}**`,
    `**${result.result}**`,
    relative(rootDir, file),
  ];
  addResultRow(resultsMd, SECTION, header, `| ${cells.join(' | ')} |`);
}
