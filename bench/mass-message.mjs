// `npm run bench:mass-message`: a mass message to 100,000 subscribers (issue 22; bench/README.md, "Mass messages").
//
//   fan-out   A fresh database (migrated with dist/apps/api/src/migrate.js, dropped at the end) with one store
//             and BENCH_FANS live subscribers (default 100,000), none of whom has a conversation yet. The built
//             worker (dist, booted in this process) runs the real fan-out job of one priced mass message with
//             one attachment: pages of 1,000 fans from commerce's segment query, each page one transaction that
//             opens the conversations and members, stores the copies and their attachments, bumps the unread
//             counters, moves each conversation's last message and the checkpoint, then publishes one `unread`
//             notice per fan on the realtime bus (Redis). Timed: from the job's start until every copy is stored
//             (the job returns after its last page). Checked: exactly one copy per fan.
//   baseline  In the same database and run: the same number of rows of the messages table's width inserted
//             into an unindexed scratch table, in the same pages of 1,000 (multi-row insert ... select unnest),
//             one transaction each. The floor for storing the copies alone.
//
// Target (issue 22): every copy stored in < 30 s. Environment: BENCH_PG_URL (admin connection, default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (default redis://127.0.0.1:6379), BENCH_FANS.
// Options: --no-record, --profile (the time spent in each SQL statement of the job, summed over its pages, measured
// around MikroORM's execute in this process: the server here does not preload pg_stat_statements).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { addResultRow } from './lib/results-md.mjs';
import { productionSecrets } from './lib/stack.mjs';
import { childEnv, ensurePinnedNode, rootDir } from '../scripts/lib/util.mjs';

await ensurePinnedNode();
const pg = (await import('pg')).default;

const TARGET_SECONDS = 30;
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const fans = Number(process.env.BENCH_FANS ?? 100_000);
const PAGE = 1000;
const record = !process.argv.includes('--no-record');
const profile = process.argv.includes('--profile');
const timestamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15).toLowerCase();
const log = (message) => console.log(`[bench:mass-message] ${message}`);
const dist = (path) => pathToFileURL(join(rootDir, 'dist', path)).href;

if (!existsSync(join(rootDir, 'dist/libs/composition/src/index.js'))) {
  log('building the server (dist/ is missing)...');
  spawnSync('npm', ['run', 'build:server'], { cwd: rootDir, stdio: 'inherit' });
}

const machine = {
  date: new Date().toISOString(),
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  loadAvgAtStart: loadavg().map((value) => value.toFixed(2)),
};
const name = `fanmint_bench_mass_${timestamp}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
let worker = null;
let result;
try {
  const migrate = spawnSync(process.execPath, [join(rootDir, 'dist/apps/api/src/migrate.js')], {
    cwd: rootDir,
    env: childEnv({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}${migrate.stderr}`);
  const db = new pg.Client({ connectionString: databaseUrl });
  // Dropping the database at the end ends this connection if a failure left it open: not a second error.
  db.on('error', () => undefined);
  await db.connect();

  // One store and its subscribers (rows as commerce writes them), the item attached, and the mass message as queued.
  const creatorId = randomUUID();
  const storeId = randomUUID();
  const contentId = randomUUID();
  await db.query(
    `insert into stores (id, owner_id, slug, display_name, accent_color, layout, default_video_price_minor, default_album_price_minor, currency, allow_downloads, visibility,
                         subscription_enabled, subscription_price_minor, tips_enabled, minimum_tip_minor, referrals_enabled, accepts_collaboration_requests, is_nsfw, created_at, updated_at)
     values ($1, $2, 'bench-mass', 'Bench studio', '#a5529f', 'grid', 1000, 1500, 'EUR', false, 'public', true, 500, false, 300, false, false, false, now(), now())`,
    [storeId, creatorId],
  );
  const seeded = Date.now();
  await db.query(
    `insert into subscriptions (id, subscriber_id, store_id, creator_id, status, auto_renew, price_minor, currency, method, payment_method_ref, current_period_start, current_period_end, started_at, updated_at)
     select gen_random_uuid(), gen_random_uuid(), $1, $2, 'active', true, 500, 'EUR', 'card', 'pm_bench', now() - interval '10 days', now() + interval '20 days', now() - interval '10 days', now()
       from generate_series(1, $3)`,
    [storeId, creatorId, fans],
  );
  await db.query(
    `insert into message_media (content_id, status, version, updated_at) values ($1, 'approved', 1, now())`,
    [contentId],
  );
  const massMessageId = randomUUID();
  await db.query(
    `insert into mass_messages (id, creator_id, client_id, segment, body, attachments, price_minor, currency, status, created_at)
     values ($1, $2, 'bench', 'subscribers_active', 'A new set, just for my subscribers: unlock it here', $3::jsonb, 500, 'EUR', 'queued', now())`,
    [massMessageId, creatorId, JSON.stringify([{ contentId, kind: 'album', source: 'store' }])],
  );
  // The baseline's table: the messages table's columns, no partitions, no indexes.
  await db.query(`create table bench_scratch (like messages including defaults)`);
  await db.query('vacuum analyze');
  await db.query('checkpoint');
  log(`seeded ${fans.toLocaleString('en')} subscribers in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  // Baseline: the same rows, same pages, no conversations, no indexes, no checkpoint.
  const baselineStarted = process.hrtime.bigint();
  const now = new Date();
  for (let start = 0; start < fans; start += PAGE) {
    const n = Math.min(PAGE, fans - start);
    const ids = `{${Array.from({ length: n }, () => randomUUID()).join(',')}}`;
    const conversations = `{${Array.from({ length: n }, () => randomUUID()).join(',')}}`;
    await db.query('begin');
    await db.query(
      `insert into bench_scratch (id, created_at, conversation_id, sender_id, client_id, body, attachment_count, price_minor, currency, mass_message_id)
       select t.id, $3, t.conversation_id, $4, 'mass:bench', 'A new set, just for my subscribers: unlock it here', 1, 500, 'EUR', $5 from unnest($1::uuid[], $2::uuid[]) as t (id, conversation_id)`,
      [ids, conversations, now, creatorId, massMessageId],
    );
    await db.query('commit');
  }
  const baselineSeconds = Number(process.hrtime.bigint() - baselineStarted) / 1e9;
  log(`baseline: ${fans.toLocaleString('en')} rows into a plain table in ${baselineSeconds.toFixed(2)} s`);
  await db.query('checkpoint');

  const { loadConfig } = await import(dist('libs/platform/src/index.js'));
  const { createWorker } = await import(dist('libs/composition/src/index.js'));
  const { FanOutMassMessageJob } = await import(dist('libs/messaging/src/index.js'));
  const config = loadConfig({
    NODE_ENV: 'production',
    ...productionSecrets(),
    // The worker's payment adapter is configured but never called here.
    SANDBOX_ACQUIRER_SECRET_KEY: `sk_test_bench_${randomBytes(16).toString('hex')}`,
    SANDBOX_ACQUIRER_WEBHOOK_SECRETS: `whsec_bench_${randomBytes(16).toString('hex')}`,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench-mass-${timestamp}`,
    SMTP_URL: 'smtp://127.0.0.1:9',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    PUBLIC_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'warn',
    METRICS_PORT: '0',
  });
  const times = profile ? await timeStatements() : null;
  worker = await createWorker(config, { schedules: false });
  const job = worker.get(FanOutMassMessageJob);
  log('fanning out...');
  const started = process.hrtime.bigint();
  const outcome = await job.handle({ massMessageId });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const statements = times ? Object.entries(times).map(([query, ms]) => ({ query, ms: Math.round(ms) })) : null;
  if (statements) console.table(statements);
  const check = (
    await db.query(
      `select (select count(*)::int from messages where mass_message_id = $1) as copies, (select count(distinct conversation_id)::int from messages where mass_message_id = $1) as conversations,
              (select count(*)::int from message_attachments) as attachments, (select count(*)::int from conversation_members where unread_count = 1) as unread,
              (select status from mass_messages where id = $1) as status, (select delivered from mass_messages where id = $1) as delivered`,
      [massMessageId],
    )
  ).rows[0];
  log(
    `${check.copies.toLocaleString('en')} copies in ${check.conversations.toLocaleString('en')} conversations in ${seconds.toFixed(2)} s (${outcome.pages} pages; baseline ${baselineSeconds.toFixed(2)} s); status ${check.status}`,
  );
  if (
    check.copies !== fans ||
    check.conversations !== fans ||
    check.attachments !== fans ||
    check.unread !== fans ||
    check.status !== 'sent' ||
    check.delivered !== fans
  ) {
    throw new Error(`not exactly one copy per fan: ${JSON.stringify(check)}`);
  }
  await db.end();
  result = {
    machine,
    fans,
    page: PAGE,
    seconds: Number(seconds.toFixed(2)),
    baselineSeconds: Number(baselineSeconds.toFixed(2)),
    ratio: Number((seconds / baselineSeconds).toFixed(2)),
    copiesPerSecond: Math.round(fans / seconds),
    statements,
    loadAvgAtEnd: loadavg().map((value) => value.toFixed(2)),
    result: seconds < TARGET_SECONDS ? 'PASS' : 'FAIL',
  };
} finally {
  await worker?.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  log(`dropped ${name}`);
}

/** Sums the time of every statement the worker runs, by its first words (--profile). */
async function timeStatements() {
  const { EntityManager } = await import('@mikro-orm/postgresql');
  const times = {};
  const execute = EntityManager.prototype.execute;
  EntityManager.prototype.execute = async function (sql, ...rest) {
    const started = performance.now();
    try {
      return await execute.call(this, sql, ...rest);
    } finally {
      const key = String(sql).replace(/\s+/g, ' ').trim().slice(0, 80);
      times[key] = (times[key] ?? 0) + performance.now() - started;
    }
  };
  return times;
}

const resultsDir = join(rootDir, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `mass-message-${timestamp}.json`);
writeFileSync(file, JSON.stringify(result, null, 2));
log(
  `${result.seconds} s for ${fans.toLocaleString('en')} copies (${result.copiesPerSecond}/s), ${result.ratio}× the plain insert; ${result.result}`,
);

if (record) {
  const SECTION = '## Mass messages (npm run bench:mass-message)';
  const header =
    'One row per run (appended automatically; JSON in `bench/results/mass-message-<timestamp>.json`, not committed). ' +
    `A priced mass message with one attachment to ${fans.toLocaleString('en')} live subscribers without conversations, through the worker's fan-out job ` +
    `(pages of ${PAGE}); the baseline stores the same rows into an unindexed scratch table in the same pages. Target: every copy stored in < ${TARGET_SECONDS} s.\n\n` +
    '| date (UTC) | machine (cores × cpu, load 1/5/15 at start → end) | fans | fan-out s | baseline s | ratio | copies/s | verdict | results file |\n|---|---|---|---|---|---|---|---|---|\n';
  const cells = [
    `${machine.date.slice(0, 16).replace('T', ' ')}Z`,
    `${machine.cores} × ${machine.cpu}, load ${machine.loadAvgAtStart.join(' ')} → ${result.loadAvgAtEnd.join(' ')}`,
    fans.toLocaleString('en'),
    `**${result.seconds}**`,
    String(result.baselineSeconds),
    String(result.ratio),
    String(result.copiesPerSecond),
    `**${result.result}**`,
    relative(rootDir, file),
  ];
  addResultRow(join(rootDir, 'bench/RESULTS.md'), SECTION, header, `| ${cells.join(' | ')} |`);
}
process.exit(result.result === 'PASS' ? 0 : 1);
