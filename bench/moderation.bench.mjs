// `npm run bench:moderation`: the moderation and upload benchmark (bench/README.md, "Moderation and uploads").
//
//   1. queue   GET /api/admin/content?status=pending_review (the 100 oldest of 100,000 pending items,
//              with their media) as a moderator with an aal2 session: N sequential requests and a
//              run with C requests in flight; p50/p95/p99. Beside it the same SQL straight through
//              `pg` (the HTTP + framework overhead is the difference). Then the same for
//              GET /api/admin/moderation/cases with 100,000 open cases (informational, no target).
//   2. upload  the disk's own write speed (1 GiB in 8 MiB chunks through an fs stream, fsync at the
//              end) in the api's STORAGE_DIR filesystem, then a 1 GiB video uploaded with tus
//              (tus-js-client, 64 MiB chunks) by a verified creator: MB/s and upload ÷ disk.
//
// Runs the built api (dist/apps/api/src/main.js; `npm run build:server` only when dist/ is missing)
// on a fresh database fanmint_bench_mod_<ts> (migrated, seeded with generate_series, dropped at the
// end, also on Ctrl-C), an in-process SMTP sink and a temporary STORAGE_DIR (deleted at the end).
// Prints a PASS/FAIL table, writes bench/results/moderation-<ts>.json and appends one row to the
// "Moderation and uploads" section of bench/RESULTS.md.
//
// Options: --only=queue|upload (one part), --no-record (do not append to bench/RESULTS.md),
// --no-redis (rate-limit counters and queues in PostgreSQL instead of Redis).
// Environment: BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379), BENCH_ITEMS (pending items and open cases,
// default 100000), BENCH_REQUESTS (sequential requests per measurement, default 500),
// BENCH_CONCURRENT_REQUESTS (default 1000), BENCH_CONCURRENCY (requests in flight, default 8),
// BENCH_UPLOAD_MIB (default 1024), BENCH_UPLOAD_CHUNK_MIB (default 64), BENCH_TMP (parent of the
// temporary STORAGE_DIR, default the OS temp dir), BENCH_LOG_LEVEL (api LOG_LEVEL, default warn),
// BENCH_CPU_PROF=1 (the api runs under --cpu-prof, profile in var/tmp/cpu-prof-moderation-<ts>/; such
// a run is not recorded in bench/RESULTS.md).
//
// Exit code 0 when the benchmark ran, whatever the verdict (FAIL is printed); non-zero only when it
// could not run.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { open, rm } from 'node:fs/promises';
import http from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { childEnv, ensurePinnedNode, findFreePort, rootDir } from '../scripts/lib/util.mjs';
import { addResultRow } from './lib/results-md.mjs';
import { cpuSnapshot, cpuUsage } from './lib/cpu.mjs';

await ensurePinnedNode();

const pg = (await import('pg')).default;
const { GoTrueClient } = await import('@supabase/auth-js');
const { generate } = await import('otplib');
const sharp = (await import('sharp')).default;
const { Upload } = await import('tus-js-client');
const { SMTPServer } = await import('smtp-server');
const { Redis } = await import('ioredis');

// ---- options -------------------------------------------------------------------------------
export const TARGETS = { queueP95Ms: 50, uploadOverDisk: 0.8 };
const STEPS = ['queue', 'upload'];
const MiB = 1024 * 1024;
const MIN_FREE_BYTES = 5e9; // the disk test and the upload each write 1 GiB (one after the other)
const PASSWORD = 'Bench-Moderation-7!horse';
const ANON_KEY = 'fanmint-public-anon-key';
const QUEUE_PATH = '/api/admin/content?status=pending_review';
const CASES_PATH = '/api/admin/moderation/cases';

function usage(message) {
  console.error(`[mod-bench] ${message}`);
  console.error('usage: node bench/moderation.bench.mjs [--only=queue|upload] [--no-record] [--no-redis]');
  process.exit(2);
}

const options = {
  only: STEPS,
  record: true,
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  adminUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  items: Number(process.env.BENCH_ITEMS ?? 100_000),
  requests: Number(process.env.BENCH_REQUESTS ?? 500),
  concurrentRequests: Number(process.env.BENCH_CONCURRENT_REQUESTS ?? 1000),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 8),
  warmup: 100,
  uploadBytes: Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MiB,
  chunkBytes: Number(process.env.BENCH_UPLOAD_CHUNK_MIB ?? 64) * MiB,
  diskChunkBytes: 8 * MiB,
  tmpParent: process.env.BENCH_TMP || tmpdir(),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  cpuProf: Boolean(process.env.BENCH_CPU_PROF),
};
for (const arg of process.argv.slice(2)) {
  const [key, value] = arg.includes('=')
    ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
    : [arg, undefined];
  if (key === '--only') {
    const steps = String(value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!steps.length || steps.some((s) => !STEPS.includes(s)))
      usage(`--only takes ${STEPS.join('|')}, not '${value}'`);
    options.only = STEPS.filter((s) => steps.includes(s));
  } else if (key === '--no-record') {
    options.record = false;
  } else if (key === '--no-redis') {
    options.redisUrl = null;
  } else {
    usage(`unknown option ${arg}`);
  }
}
for (const key of ['items', 'requests', 'concurrentRequests', 'concurrency', 'uploadBytes', 'chunkBytes']) {
  if (!Number.isInteger(options[key]) || options[key] < 1)
    usage(`${key} must be a positive whole number (got ${options[key]})`);
}

const startedAt = new Date();
const timestamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\..+$/, '').replace('T', '_').toLowerCase();
const log = (message) => console.log(`[mod-bench] ${message}`);
const resultsDir = join(rootDir, 'bench/results');
const cpuProfDir = join(rootDir, `var/tmp/cpu-prof-moderation-${timestamp}`);
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const mark = (pass) => (pass ? 'PASS' : 'FAIL');

// ---- build: only when missing (a stale build is measured as it is, with a note) -------------
const mainJs = join(rootDir, 'dist/apps/api/src/main.js');
const staleness = [];
if (!existsSync(mainJs)) {
  log('dist/ is missing: npm run build:server');
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: rootDir, stdio: 'inherit', env: childEnv() });
  if (build.status !== 0) {
    console.error('[mod-bench] build failed');
    process.exit(1);
  }
} else {
  const stamp = existsSync(join(rootDir, 'dist/.tsbuildinfo')) ? join(rootDir, 'dist/.tsbuildinfo') : mainJs;
  const builtAt = statSync(stamp).mtimeMs;
  for (const dir of ['apps', 'libs']) {
    for (const entry of readdirSync(join(rootDir, dir), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.spec.ts')) continue;
      const full = join(entry.parentPath, entry.name);
      if (full.includes('/node_modules/') || full.startsWith(join(rootDir, 'libs/testing/'))) continue;
      if (statSync(full).mtimeMs > builtAt) {
        staleness.push(`${relative(rootDir, full)} is newer than dist/ (npm run build:server to measure it)`);
        break;
      }
    }
  }
}

// ---- cleanup (also on Ctrl-C) -----------------------------------------------------------------
const cleanupSteps = [];
let cleaning = null;
function runCleanup() {
  cleaning ??= (async () => {
    for (const step of cleanupSteps.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`cleanup step failed: ${error.message}`);
      }
    }
  })();
  return cleaning;
}
async function abort(code, message) {
  if (message) console.error(`[mod-bench] ${message}`);
  await runCleanup();
  process.exit(code);
}
process.once(
  'SIGINT',
  () => void abort(130, 'interrupted: stopping the api, dropping the database, deleting the temp files'),
);
process.once('SIGTERM', () => void abort(143, 'terminated: cleaning up'));
process.once('uncaughtException', (error) => void abort(1, `crashed: ${error.stack ?? error}`));

// ---- measuring helpers ------------------------------------------------------------------------

/** Nearest-rank percentile of an ascending array. */
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/**
 * Runs `fn` `requests` times with `concurrency` calls in flight and times each call.
 * `fn` resolves { status } (or throws); anything but 200 counts as a failure.
 */
async function load(fn, { requests, concurrency }) {
  const latencies = [];
  const statuses = {};
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const t0 = performance.now();
      try {
        const { status } = await fn();
        statuses[status] = (statuses[status] ?? 0) + 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests,
    concurrency,
    statuses,
    errors,
    wallS: round(wallS, 2),
    reqPerSec: round(requests / wallS, 1),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1)),
      mean: round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
    },
  };
}
const ok200 = (m) => m.errors === 0 && Object.keys(m.statuses).every((s) => s === '200');
const fmt = (m) =>
  `p50 ${m.latencyMs.p50} / p95 ${m.latencyMs.p95} / p99 ${m.latencyMs.p99} ms (max ${m.latencyMs.max}), ${m.reqPerSec} req/s, statuses ${JSON.stringify(m.statuses)}${m.errors ? `, ${m.errors} errors` : ''}`;

/** A GET over a keep-alive agent; reads the whole body (counting bytes, not parsing). */
function timedGet(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function waitForHealth(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the api exited (${child.signalCode ?? child.exitCode}) before answering ${url}`);
    try {
      const response = await fetch(url);
      const body = await response.text();
      last = `${response.status} ${body}`;
      if (response.ok || JSON.parse(body)?.checks?.database === 'up') return;
    } catch (error) {
      last = String(error.cause?.code ?? error.message);
    }
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${url} (last: ${last.slice(0, 300)})`);
}

class MemoryStorage {
  items = new Map();
  getItem(key) {
    return this.items.get(key) ?? null;
  }
  setItem(key, value) {
    this.items.set(key, value);
  }
  removeItem(key) {
    this.items.delete(key);
  }
}

/** The official auth client, unmodified, pointed at our /auth/v1 (as libs/testing/src/auth-client.ts). */
function authClient(baseUrl) {
  return new GoTrueClient({
    url: `${baseUrl}/auth/v1`,
    headers: { apikey: ANON_KEY },
    storage: new MemoryStorage(),
    storageKey: `fanmint-bench-${randomBytes(6).toString('hex')}`,
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}

const signupData = () => ({
  marketing_consent: false,
  terms_accepted: true,
  terms_version: '1.0.0',
  privacy_version: '1.0.0',
  marketing_version: null,
  consent_timestamp: new Date().toISOString(),
});

/** Signs up through /auth/v1, confirms the address and sets the role by SQL, signs in. */
async function signedInAccount(baseUrl, db, label, role = null) {
  const email = `bench-${label}-${randomBytes(4).toString('hex')}@bench.fanmint.test`;
  const client = authClient(baseUrl);
  const signUp = await client.signUp({ email, password: PASSWORD, options: { data: signupData() } });
  if (signUp.error) throw new Error(`sign-up of ${email} failed: ${signUp.error.message}`);
  const updated = await db.query(
    `update users set email_confirmed_at = now()${role ? ', app_role = $2' : ''} where email = $1 returning id`,
    role ? [email, role] : [email],
  );
  if (updated.rowCount !== 1) throw new Error(`no users row for ${email} after sign-up`);
  const signIn = await client.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error || !signIn.data.session)
    throw new Error(`sign-in of ${email} failed: ${signIn.error?.message ?? 'no session'}`);
  return { email, client, userId: updated.rows[0].id, token: signIn.data.session.access_token };
}

/** A moderator with a TOTP factor and an aal2 session (as libs/testing/src/factories.ts staffSession). */
async function moderatorSession(baseUrl, db) {
  const account = await signedInAccount(baseUrl, db, 'moderator', 'moderator');
  const enrolled = await account.client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
  if (enrolled.error) throw new Error(`mfa enroll failed: ${enrolled.error.message}`);
  const challenge = await account.client.mfa.challenge({ factorId: enrolled.data.id });
  if (challenge.error) throw new Error(`mfa challenge failed: ${challenge.error.message}`);
  const code = await generate({
    secret: enrolled.data.totp.secret,
    epoch: Math.floor(Date.now() / 1000),
    period: 30,
    digits: 6,
    algorithm: 'sha1',
  });
  const verified = await account.client.mfa.verify({
    factorId: enrolled.data.id,
    challengeId: challenge.data.id,
    code,
  });
  if (verified.error) throw new Error(`mfa verify failed: ${verified.error.message}`);
  const token = (await account.client.getSession()).data.session.access_token;
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  if (claims.aal !== 'aal2') throw new Error(`the moderator's token is ${claims.aal}, not aal2`);
  return { ...account, token };
}

async function api(baseUrl, token, method, path, init = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

/** A verified creator through the real flow (as libs/testing/src/factories.ts verifiedCreator). */
async function verifiedCreator(baseUrl, db, moderator) {
  const account = await signedInAccount(baseUrl, db, 'creator');
  const photo = (seed) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40 + seed, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
  const form = new FormData();
  form.append('fullName', 'Casey Creator');
  form.append('dateOfBirth', '1994-03-09');
  form.append('country', 'IE');
  form.append('userPhotoWithId', new Blob([new Uint8Array(await photo(1))], { type: 'image/jpeg' }), 'selfie.jpg');
  form.append('idPhoto', new Blob([new Uint8Array(await photo(2))], { type: 'image/jpeg' }), 'id.jpg');
  const submitted = await fetch(`${baseUrl}/api/verify-user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}` },
    body: form,
  });
  if (submitted.status !== 201)
    throw new Error(`POST /api/verify-user answered ${submitted.status}: ${await submitted.text()}`);
  const queue = await api(baseUrl, moderator.token, 'GET', '/api/admin/verifications');
  const item = queue.items.find((entry) => entry.userId === account.userId);
  if (!item) throw new Error(`the submission of ${account.email} is not in the verification queue`);
  await api(baseUrl, moderator.token, 'POST', `/api/admin/verifications/${item.id}/claim`);
  await api(baseUrl, moderator.token, 'POST', `/api/admin/verifications/${item.id}/accept`);
  return account;
}

// ---- the SQL the endpoints run (ContentReviewQueueHandler → toViews, CaseQueueHandler) ----------
// Copied from PostgreSQL's statement log of the built api (MikroORM inlines the values): the 100
// oldest pending items, then the media of those ids by position, then their featured collaborators.
const inList = (ids) => ids.map((id) => `'${id}'`).join(', ');
const SQL = {
  items: `select "c0".* from "content_items" as "c0" where "c0"."status" = 'pending_review' order by "c0"."submitted_at" asc, "c0"."id" asc limit 100`,
  media: (ids) =>
    `select "c0".* from "content_media" as "c0" where "c0"."content_id" in (${inList(ids)}) order by "c0"."position" asc`,
  collaborators: (ids) =>
    `select content_id, collaborator_id from content_collaborators where content_id in (${inList(ids)}) order by collaborator_id`,
  cases: `select c.*, (b.case_id is not null) as breached from moderation_cases c left join moderation_deadline_breaches b on b.case_id = c.id where c.status = 'open'  order by c.due_at asc, c.id asc limit 100`,
};

async function seed(db, n) {
  const t0 = performance.now();
  // Distinct submitted_at one second apart, oldest first; one ready video with a thumbnail each.
  await db.query(
    `insert into content_items (id, creator_id, kind, title, description, price_minor, currency, status, submitted_at, created_at, updated_at)
     select gen_random_uuid(), gen_random_uuid(), 'video', 'Bench video ' || g, 'Seeded by bench/moderation.bench.mjs', 500 + (g % 5000), 'USD',
            'pending_review', now() - make_interval(secs => $1::int - g), now() - make_interval(secs => $1::int - g + 3600), now() - make_interval(secs => $1::int - g)
     from generate_series(1, $1::int) as g`,
    [n],
  );
  await db.query(
    `insert into content_media (id, content_id, upload_id, media_type, format, original_name, size_bytes, status, width, height, duration_seconds, thumbnail_key, clean_key, position, created_at)
     select gen_random_uuid(), c.id, 'bench-' || c.id, 'video', 'mp4', 'clip.mp4', 52428800, 'ready', 1920, 1080, 61.5,
            'thumbnails/' || c.id || '.jpg', 'clean/' || c.id || '.mp4', 0, c.created_at
     from content_items c`,
  );
  // Open cases of the three kinds, deadlines 24 h (takedown), 48 h (report), ~9 days (appeal).
  await db.query(
    `insert into moderation_cases (id, kind, subject_type, subject_id, reason, details, reporter_email, status, opened_at, due_at)
     select gen_random_uuid(), k.kind, 'content', gen_random_uuid()::text, 'Bench reason ' || g, 'Seeded by bench/moderation.bench.mjs', 'reporter-' || g || '@bench.fanmint.test', 'open',
            now() - make_interval(secs => $1::int - g), now() - make_interval(secs => $1::int - g) + k.window
     from generate_series(1, $1::int) as g
     cross join lateral (select (array['report', 'takedown', 'appeal'])[1 + g % 3] as kind,
                                (array[interval '48 hours', interval '24 hours', interval '9 days'])[1 + g % 3] as window) as k`,
    [n],
  );
  // What autovacuum would have done on a live system by now.
  await db.query('vacuum analyze content_items, content_media, moderation_cases');
  const counts = (
    await db.query(
      `select (select count(*) from content_items where status = 'pending_review')::int as items, (select count(*) from content_media)::int as media, (select count(*) from moderation_cases where status = 'open')::int as cases`,
    )
  ).rows[0];
  return { ...counts, seconds: round((performance.now() - t0) / 1000, 1) };
}

/** The top of each query plan (EXPLAIN ANALYZE): index or sequential scan, and the server-side time. */
async function explain(db, sql) {
  const [
    {
      'QUERY PLAN': [plan],
    },
  ] = (await db.query(`explain (analyze, buffers, format json) ${sql}`)).rows;
  const nodes = [];
  const walk = (node) => {
    nodes.push(
      `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] && !node['Index Name'] ? ` on ${node['Relation Name']}` : ''}`,
    );
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return {
    plan: nodes.join(' → '),
    executionMs: round(plan['Execution Time'], 3),
    planningMs: round(plan['Planning Time'], 3),
  };
}

// ---- main --------------------------------------------------------------------------------------
const machine = {
  cores: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  memGiB: round(totalmem() / 2 ** 30, 1),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  date: startedAt.toISOString(),
  loadAvgAtStart: loadavg().map((l) => round(l)),
};
log(
  `machine: ${machine.cores} cores (${machine.cpu}), ${machine.memGiB} GiB, node ${machine.node}, load average ${machine.loadAvgAtStart.join(' ')}`,
);
if (machine.loadAvgAtStart[0] > machine.cores * 0.5)
  log(
    `WARNING: the machine is already busy (load ${machine.loadAvgAtStart[0]} on ${machine.cores} cores): latencies will be high; see otherCores in the results`,
  );
for (const note of staleness) log(`note: ${note}`);

const result = { machine, targets: TARGETS, options: { ...options, only: options.only }, settings: {} };
let apiChild = null;

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  const tmp = mkdtempSync(join(options.tmpParent, 'fanmint-bench-moderation-'));
  cleanupSteps.push(async () => {
    await rm(tmp, { recursive: true, force: true });
    log(`deleted ${tmp}`);
  });
  const storageDir = join(tmp, 'storage');
  mkdirSync(storageDir, { recursive: true });

  // ---- database ----
  const dbName = `fanmint_bench_mod_${timestamp}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  cleanupSteps.push(async () => {
    const client = new pg.Client({ connectionString: options.adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${dbName} with (force)`);
    await client.end();
    log(`dropped database ${dbName}`);
  });
  const dbUrl = new URL(options.adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  result.database = dbName;
  const migrate = spawnSync(process.execPath, [join(rootDir, 'dist/apps/api/src/migrate.js')], {
    cwd: rootDir,
    env: childEnv({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}${migrate.stderr}`);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanupSteps.push(() => db.end());
  if (options.only.includes('queue')) {
    log(`seeding ${options.items} pending items (+ media) and ${options.items} open cases...`);
    result.seed = await seed(db, options.items);
    log(
      `seeded in ${result.seed.seconds} s: ${result.seed.items} pending items, ${result.seed.media} media rows, ${result.seed.cases} open cases`,
    );
  }

  // ---- SMTP sink, Redis prefix, the api ----
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', resolve);
  });
  cleanupSteps.push(() => new Promise((resolve) => smtp.close(resolve)));
  const redisPrefix = `fanmint_bench_mod_${timestamp}`;
  if (options.redisUrl) {
    cleanupSteps.push(async () => {
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
  const port = await findFreePort(39_700);
  const baseUrl = `http://127.0.0.1:${port}`;
  const apiEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: `mod-bench-${timestamp}-0123456789abcdefghijklmnopqrstuvwxyz`,
    SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LAUNCH_PHASE: 'live',
    STORAGE_DIR: storageDir,
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: options.logLevel,
    REDIS_URL: options.redisUrl ?? undefined,
    REDIS_PREFIX: redisPrefix,
  };
  // Through a one-line launcher, so its command line is not `node dist/apps/api/src/main.js`: other
  // sessions on this shared box stop their own api by that name (see site.bench.mjs).
  const launcher = join(tmp, 'mod-bench-api.mjs');
  writeFileSync(launcher, `await import(${JSON.stringify(pathToFileURL(mainJs).href)});\n`);
  const profArgs = options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
  const child = spawn(process.execPath, [...profArgs, launcher], {
    cwd: rootDir,
    env: childEnv(apiEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  apiChild = child;
  let stopping = false;
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 100) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!stopping)
      void abort(
        1,
        `the api exited unexpectedly (${signal ?? `code ${code}`}); its last output:\n${output.join('').slice(-4000)}`,
      );
  });
  cleanupSteps.push(async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    log('api stopped');
  });
  try {
    await waitForHealth(`${baseUrl}/health`, 60_000, child);
  } catch (error) {
    throw new Error(`${error.message}\napi output:\n${output.join('').slice(-4000)}`);
  }
  result.settings.api = {
    pid: child.pid,
    NODE_ENV: 'production',
    LAUNCH_PHASE: 'live',
    RATE_LIMIT_SCALE: apiEnv.RATE_LIMIT_SCALE,
    LOG_LEVEL: apiEnv.LOG_LEVEL,
    REDIS_URL: options.redisUrl,
    backend: options.redisUrl ? 'redis' : 'postgres',
  };
  log(`api (pid ${child.pid}) on ${baseUrl}, database ${dbName}, STORAGE_DIR ${storageDir}`);
  const pids = () => ({ bench: process.pid, api: child.pid });
  const phase = async (fn) => {
    const before = cpuSnapshot(pids());
    const value = await fn();
    return { ...value, cpu: cpuUsage(before, cpuSnapshot(pids())) };
  };

  const moderator = await moderatorSession(baseUrl, db);
  log(`moderator ${moderator.email}: aal2 session`);

  // ---- 1. review queue and case queue ----
  if (options.only.includes('queue')) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    cleanupSteps.push(() => pool.end());
    const headers = { authorization: `Bearer ${moderator.token}` };
    const queueUrl = `${baseUrl}${QUEUE_PATH}`;
    const casesUrl = `${baseUrl}${CASES_PATH}`;

    // self-checks: the 100 oldest, each with its media and a signed thumbnail link
    const body = await api(baseUrl, moderator.token, 'GET', QUEUE_PATH);
    const oldest = (await db.query(SQL.items)).rows.map((r) => r.id);
    if (body.items.length !== 100 || body.items.some((item, i) => item.id !== oldest[i]))
      throw new Error(`GET ${QUEUE_PATH} did not return the 100 oldest pending items (got ${body.items.length})`);
    if (body.items.some((item) => item.media.length !== 1 || !item.media[0].thumbnailUrl))
      throw new Error(`GET ${QUEUE_PATH}: an item came without its media or thumbnail link`);
    const cases = await api(baseUrl, moderator.token, 'GET', CASES_PATH);
    const soonest = (await db.query(SQL.cases)).rows.map((r) => r.id);
    if (cases.items.length !== 100 || cases.items.some((item, i) => item.id !== soonest[i]))
      throw new Error(`GET ${CASES_PATH} did not return the 100 open cases due soonest (got ${cases.items.length})`);

    const baselineQueue = async () => {
      const items = await pool.query(SQL.items);
      const ids = items.rows.map((r) => r.id);
      await pool.query(SQL.media(ids));
      await pool.query(SQL.collaborators(ids));
      return { status: items.rowCount === 100 ? 200 : 500 };
    };
    const baselineCases = async () => {
      const rows = await pool.query(SQL.cases);
      return { status: rows.rowCount === 100 ? 200 : 500 };
    };

    const measureAll = async (label, url, baseline) => {
      const http1 = () => timedGet(agent, url, headers);
      const out = { path: url.slice(baseUrl.length) };
      const probe = await timedGet(agent, url, headers);
      out.responseBytes = probe.bytes;
      await load(http1, { requests: options.warmup, concurrency: 1 });
      await load(baseline, { requests: options.warmup, concurrency: 1 });
      out.sequential = await phase(() => load(http1, { requests: options.requests, concurrency: 1 }));
      log(`${label}, api, sequential:        ${fmt(out.sequential)}`);
      out.concurrent = await phase(() =>
        load(http1, { requests: options.concurrentRequests, concurrency: options.concurrency }),
      );
      log(`${label}, api, ${options.concurrency} in flight:       ${fmt(out.concurrent)}`);
      out.sqlSequential = await phase(() => load(baseline, { requests: options.requests, concurrency: 1 }));
      log(`${label}, SQL only, sequential:   ${fmt(out.sqlSequential)}`);
      out.sqlConcurrent = await phase(() =>
        load(baseline, { requests: options.concurrentRequests, concurrency: options.concurrency }),
      );
      log(`${label}, SQL only, ${options.concurrency} in flight:  ${fmt(out.sqlConcurrent)}`);
      // noise-robust: CPU time the api spent per answered request (other processes hardly change it)
      out.apiCpuMsPerRequest = {
        sequential: round((out.sequential.cpu.apiCores / out.sequential.reqPerSec) * 1000),
        concurrent: round((out.concurrent.cpu.apiCores / out.concurrent.reqPerSec) * 1000),
      };
      out.overheadP50Ms = round(out.sequential.latencyMs.p50 - out.sqlSequential.latencyMs.p50);
      out.overheadP95Ms = round(out.sequential.latencyMs.p95 - out.sqlSequential.latencyMs.p95);
      log(
        `${label}: HTTP + framework overhead (sequential) p50 ${out.overheadP50Ms} ms, p95 ${out.overheadP95Ms} ms; api CPU per request ${out.apiCpuMsPerRequest.sequential} ms; cpu (api sequential) ${JSON.stringify(out.sequential.cpu)}`,
      );
      return out;
    };

    result.queue = await measureAll('review queue', queueUrl, baselineQueue);
    result.queue.plans = {
      items: await explain(db, SQL.items),
      media: await explain(db, SQL.media(oldest)),
      collaborators: await explain(db, SQL.collaborators(oldest)),
    };
    log(
      `review queue plans: ${Object.entries(result.queue.plans)
        .map(([k, v]) => `${k}: ${v.plan} (${v.executionMs} ms)`)
        .join('; ')}`,
    );
    result.cases = await measureAll('case queue', casesUrl, baselineCases);
    result.cases.plans = { cases: await explain(db, SQL.cases) };
    log(`case queue plan: ${result.cases.plans.cases.plan} (${result.cases.plans.cases.executionMs} ms)`);
    agent.destroy();
  }

  // ---- 2. disk write speed, then a 1 GiB tus upload ----
  if (options.only.includes('upload')) {
    const fsStat = statfsSync(storageDir);
    const freeBytes = Number(fsStat.bavail) * Number(fsStat.bsize);
    result.upload = {
      bytes: options.uploadBytes,
      chunkBytes: options.chunkBytes,
      diskChunkBytes: options.diskChunkBytes,
      storageDir,
      freeBytesAtStart: freeBytes,
    };
    if (freeBytes < MIN_FREE_BYTES) {
      result.upload.skipped = `only ${round(freeBytes / 1e9, 1)} GB free in ${storageDir} (needs ${MIN_FREE_BYTES / 1e9} GB): the upload benchmark was skipped`;
      log(`SKIPPED: ${result.upload.skipped}`);
    } else {
      const mb = (bytes, ms) => round(bytes / 1e6 / (ms / 1000), 1);
      const pattern = randomBytes(options.diskChunkBytes);

      // the disk: an fs write stream, 8 MiB chunks, fsync at the end
      const diskFile = join(storageDir, 'disk-write-test.bin');
      const diskPhase = await phase(async () => {
        const t0 = performance.now();
        const stream = createWriteStream(diskFile);
        for (let written = 0; written < options.uploadBytes; written += options.diskChunkBytes) {
          const chunk =
            written + options.diskChunkBytes <= options.uploadBytes
              ? pattern
              : pattern.subarray(0, options.uploadBytes - written);
          if (!stream.write(chunk)) await once(stream, 'drain');
        }
        stream.end();
        await once(stream, 'close');
        const tWritten = performance.now();
        const handle = await open(diskFile, 'r+');
        await handle.sync();
        await handle.close();
        const tSynced = performance.now();
        return { writtenMs: round(tWritten - t0, 1), totalMs: round(tSynced - t0, 1) };
      });
      await rm(diskFile, { force: true });
      result.upload.disk = {
        ...diskPhase,
        mbPerSec: mb(options.uploadBytes, diskPhase.totalMs),
        mbPerSecBeforeFsync: mb(options.uploadBytes, diskPhase.writtenMs),
      };
      log(
        `disk: ${result.upload.disk.mbPerSec} MB/s with the fsync (${diskPhase.totalMs} ms; ${result.upload.disk.mbPerSecBeforeFsync} MB/s to the last write, before it)`,
      );

      // a verified creator and a video draft
      const creator = await verifiedCreator(baseUrl, db, moderator);
      const draft = await api(baseUrl, creator.token, 'POST', '/api/content', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'video', title: 'Bench upload', priceMinor: 500, currency: 'USD' }),
      });
      log(`creator ${creator.email} verified; video draft ${draft.id}`);

      // 1 GiB whose first bytes are an MP4 'ftyp' box; the rest repeats the random pattern
      const data = Buffer.allocUnsafe(options.uploadBytes);
      for (let at = 0; at < data.length; at += pattern.length)
        pattern.copy(data, at, 0, Math.min(pattern.length, data.length - at));
      const ftyp = Buffer.alloc(32);
      ftyp.writeUInt32BE(32, 0);
      ftyp.write('ftypisom', 4, 'latin1');
      ftyp.writeUInt32BE(0x200, 12);
      ftyp.write('isomiso2avc1mp41', 16, 'latin1');
      ftyp.copy(data, 0);

      let uploadUrl = null;
      const uploadPhase = await phase(
        () =>
          new Promise((resolve, reject) => {
            let lastQuarter = 0;
            const t0 = performance.now();
            const upload = new Upload(data, {
              endpoint: `${baseUrl}/api/uploads`,
              chunkSize: options.chunkBytes,
              retryDelays: [],
              headers: { authorization: `Bearer ${creator.token}` },
              metadata: { contentId: draft.id, filename: 'bench-upload.mp4', filetype: 'video/mp4' },
              storeFingerprintForResuming: false,
              removeFingerprintOnSuccess: true,
              onProgress(sent, total) {
                const quarter = Math.floor((sent / total) * 4);
                if (quarter > lastQuarter && quarter < 4) {
                  lastQuarter = quarter;
                  log(`  upload ${quarter * 25} % (${round((performance.now() - t0) / 1000, 1)} s)`);
                }
              },
              onSuccess() {
                uploadUrl = upload.url;
                resolve({ totalMs: round(performance.now() - t0, 1) });
              },
              onError: (error) => reject(new Error(`tus upload failed: ${error.message ?? error}`)),
            });
            upload.start();
          }),
      );
      const uploadId = new URL(uploadUrl, baseUrl).pathname.split('/').pop();
      const storedFile = join(storageDir, 'uploads', uploadId);
      const storedBytes = statSync(storedFile).size;
      // diagnostic: the same durability as the disk figure (the tus file store does not fsync)
      const tSync = performance.now();
      const handle = await open(storedFile, 'r+');
      await handle.sync();
      await handle.close();
      const fsyncAfterMs = round(performance.now() - tSync, 1);
      const media = (
        await db.query('select status, format, size_bytes from content_media where content_id = $1', [draft.id])
      ).rows;
      result.upload.tus = {
        ...uploadPhase,
        mbPerSec: mb(options.uploadBytes, uploadPhase.totalMs),
        storedBytes,
        fsyncAfterMs,
        mbPerSecWithFsync: mb(options.uploadBytes, uploadPhase.totalMs + fsyncAfterMs),
        requests: Math.ceil(options.uploadBytes / options.chunkBytes) + 1,
        mediaRow: media[0]
          ? { status: media[0].status, format: media[0].format, sizeBytes: Number(media[0].size_bytes) }
          : null,
      };
      if (storedBytes !== options.uploadBytes)
        throw new Error(`the stored upload has ${storedBytes} bytes, not ${options.uploadBytes}`);
      if (!media[0]) throw new Error('no content_media row after the upload finished');
      // noise-robust: CPU seconds per GiB, the api receiving vs the bench process writing the disk file
      const gib = options.uploadBytes / 2 ** 30;
      result.upload.tus.apiCpuSecondsPerGiB = round((uploadPhase.cpu.apiCores * uploadPhase.totalMs) / 1000 / gib);
      result.upload.disk.cpuSecondsPerGiB = round((diskPhase.cpu.benchCores * diskPhase.totalMs) / 1000 / gib);
      result.upload.ratio = round(result.upload.tus.mbPerSec / result.upload.disk.mbPerSec, 3);
      result.upload.ratioWithFsync = round(result.upload.tus.mbPerSecWithFsync / result.upload.disk.mbPerSec, 3);
      log(
        `tus upload: ${result.upload.tus.mbPerSec} MB/s (${uploadPhase.totalMs} ms, ${result.upload.tus.requests} requests, media row ${JSON.stringify(result.upload.tus.mediaRow)}); ÷ disk = ${result.upload.ratio}`,
      );
      log(
        `  + fsync of the stored file afterwards: ${fsyncAfterMs} ms → ${result.upload.tus.mbPerSecWithFsync} MB/s (÷ disk ${result.upload.ratioWithFsync}); cpu during the upload ${JSON.stringify(uploadPhase.cpu)}`,
      );
      log(
        `  CPU per GiB: the api ${result.upload.tus.apiCpuSecondsPerGiB} s receiving it, the bench process ${result.upload.disk.cpuSecondsPerGiB} s writing the disk test file`,
      );
      await rm(join(storageDir, 'uploads'), { recursive: true, force: true });
      result.upload.deleted = true;
    }
  }
}

let failure = null;
try {
  await main();
} catch (error) {
  failure = error;
}
machine.loadAvgAtEnd = loadavg().map((l) => round(l));
await runCleanup();
if (failure) {
  console.error(`[mod-bench] could not run: ${failure.stack ?? failure}`);
  process.exit(1);
}

// ---- verdict and report ------------------------------------------------------------------------
const rows = [];
const verdict = {};
if (result.queue) {
  const q = result.queue;
  verdict.queueP95 = {
    value: q.sequential.latencyMs.p95,
    target: `< ${TARGETS.queueP95Ms} ms`,
    pass: q.sequential.latencyMs.p95 < TARGETS.queueP95Ms && ok200(q.sequential),
  };
  rows.push([
    `review queue p95, sequential (${options.items.toLocaleString('en')} pending)`,
    `p50 ${q.sequential.latencyMs.p50} / p99 ${q.sequential.latencyMs.p99} ms; SQL alone p95 ${q.sqlSequential.latencyMs.p95} ms`,
    `${q.sequential.latencyMs.p95} ms`,
    verdict.queueP95.target,
    mark(verdict.queueP95.pass),
  ]);
  rows.push([
    `review queue p95, ${options.concurrency} in flight`,
    `p50 ${q.concurrent.latencyMs.p50} / p99 ${q.concurrent.latencyMs.p99} ms, ${q.concurrent.reqPerSec} req/s; SQL alone p95 ${q.sqlConcurrent.latencyMs.p95} ms`,
    `${q.concurrent.latencyMs.p95} ms`,
    '(info)',
    ok200(q.concurrent) ? 'info' : 'ERRORS',
  ]);
}
if (result.cases) {
  const c = result.cases;
  rows.push([
    `case queue p95, sequential (${options.items.toLocaleString('en')} open)`,
    `p50 ${c.sequential.latencyMs.p50} / p99 ${c.sequential.latencyMs.p99} ms; SQL alone p95 ${c.sqlSequential.latencyMs.p95} ms`,
    `${c.sequential.latencyMs.p95} ms`,
    '(info)',
    ok200(c.sequential) ? 'info' : 'ERRORS',
  ]);
  rows.push([
    `case queue p95, ${options.concurrency} in flight`,
    `p50 ${c.concurrent.latencyMs.p50} / p99 ${c.concurrent.latencyMs.p99} ms, ${c.concurrent.reqPerSec} req/s; SQL alone p95 ${c.sqlConcurrent.latencyMs.p95} ms`,
    `${c.concurrent.latencyMs.p95} ms`,
    '(info)',
    ok200(c.concurrent) ? 'info' : 'ERRORS',
  ]);
}
if (result.upload) {
  const u = result.upload;
  if (u.skipped) {
    verdict.upload = { value: null, target: `>= ${TARGETS.uploadOverDisk}`, pass: null, skipped: u.skipped };
    rows.push(['1 GiB tus upload ÷ disk write', 'skipped (disk space)', '—', verdict.upload.target, 'SKIPPED']);
  } else {
    verdict.upload = {
      value: u.ratio,
      target: `>= ${TARGETS.uploadOverDisk}`,
      pass: u.ratio >= TARGETS.uploadOverDisk,
    };
    rows.push([
      `${round(u.bytes / 2 ** 30, 2)} GiB tus upload ÷ disk write`,
      `${u.tus.mbPerSec} / ${u.disk.mbPerSec} MB/s (with fsync after: ${u.ratioWithFsync})`,
      u.ratio.toFixed(3),
      verdict.upload.target,
      mark(verdict.upload.pass),
    ]);
  }
}
result.verdict = verdict;
const judged = Object.values(verdict).filter((v) => v.pass !== null);
result.result = judged.every((v) => v.pass) ? 'PASS' : 'FAIL';

const header = ['figure', 'raw', 'value', 'target', 'verdict'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ');
console.log('');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const row of rows) console.log(line(row));
console.log('');
if (result.queue) {
  console.log(
    `review queue: response ${result.queue.responseBytes} bytes; HTTP + framework overhead over the bare SQL, sequential: p50 ${result.queue.overheadP50Ms} ms, p95 ${result.queue.overheadP95Ms} ms; api CPU ${result.queue.apiCpuMsPerRequest.sequential} ms per request; other processes used ${result.queue.sequential.cpu.otherCores} cores`,
  );
  console.log(
    `case queue: response ${result.cases.responseBytes} bytes; overhead p50 ${result.cases.overheadP50Ms} ms, p95 ${result.cases.overheadP95Ms} ms; api CPU ${result.cases.apiCpuMsPerRequest.sequential} ms per request; plan ${result.cases.plans.cases.plan} (${result.cases.plans.cases.executionMs} ms in PostgreSQL)`,
  );
}
if (result.upload && !result.upload.skipped) {
  console.log(
    `upload: api CPU ${result.upload.tus.apiCpuSecondsPerGiB} s per GiB received (the disk test: ${result.upload.disk.cpuSecondsPerGiB} s per GiB written); other processes used ${result.upload.tus.cpu.otherCores} cores during the upload`,
  );
}
console.log(
  `load average: ${machine.loadAvgAtStart.join(' ')} at start, ${machine.loadAvgAtEnd.join(' ')} at the end${machine.loadAvgAtStart[0] > machine.cores * 0.5 ? ' — busy machine: latencies are inflated' : ''}`,
);
for (const note of staleness) console.log(`note: ${note} (measured the existing build)`);
const partial = options.only.length < STEPS.length;
console.log(
  `RESULT: ${result.result}${partial ? ` (only ${options.only.join(', ')})` : ''}${result.result === 'FAIL' ? ' (see the FAIL rows above; exit code stays 0)' : ''}`,
);

const file = join(resultsDir, `moderation-${timestamp}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(`results: ${relative(rootDir, file)}`);

// ---- bench/RESULTS.md: one row per run, in its own section -------------------------------------
if (options.cpuProf) console.log(`cpu profile of the api: ${relative(rootDir, cpuProfDir)}/ (open in Chrome DevTools)`);
if (!options.record || options.cpuProf) {
  console.log(
    options.cpuProf
      ? 'profiled run (BENCH_CPU_PROF): not appended to bench/RESULTS.md'
      : '--no-record: bench/RESULTS.md left as it is',
  );
  process.exit(0);
}
const resultsMd = join(rootDir, 'bench/RESULTS.md');
const SECTION = '## Moderation and uploads (npm run bench:moderation)';
const sectionHeader =
  'One row per run of `npm run bench:moderation` (appended automatically; full JSON in `bench/results/moderation-<timestamp>.json`, not committed). See `bench/README.md`.\n\n' +
  `Targets: review queue (GET /api/admin/content?status=pending_review, 100,000 pending) p95 < ${TARGETS.queueP95Ms} ms, sequential requests · 1 GiB tus upload >= ${TARGETS.uploadOverDisk} × the disk's own write speed (1 GiB, 8 MiB chunks, fsync).\n\n` +
  '| date (UTC) | machine (cores × cpu, load 1/5/15 min) | review queue p50 / p95 / p99 ms, sequential | same, 8 in flight | SQL alone p95 ms (seq / 8) | case queue p95 ms (seq / 8) | disk MB/s | tus upload MB/s | upload ÷ disk | verdict | results file |\n' +
  '|---|---|---|---|---|---|---|---|---|---|---|\n';
const q = result.queue;
const c = result.cases;
const u = result.upload;
const cells = [
  `${machine.date.slice(0, 16).replace('T', ' ')}Z`,
  `${machine.cores} × ${machine.cpu}, load ${machine.loadAvgAtStart.join(' ')}`,
  q
    ? `${q.sequential.latencyMs.p50} / **${q.sequential.latencyMs.p95}** / ${q.sequential.latencyMs.p99} ${mark(verdict.queueP95.pass)}`
    : '—',
  q ? `${q.concurrent.latencyMs.p50} / ${q.concurrent.latencyMs.p95} / ${q.concurrent.latencyMs.p99}` : '—',
  q ? `${q.sqlSequential.latencyMs.p95} / ${q.sqlConcurrent.latencyMs.p95}` : '—',
  c ? `${c.sequential.latencyMs.p95} / ${c.concurrent.latencyMs.p95}` : '—',
  u && !u.skipped ? `${u.disk.mbPerSec}` : '—',
  u && !u.skipped ? `${u.tus.mbPerSec}` : u?.skipped ? 'skipped (disk space)' : '—',
  u && !u.skipped ? `**${u.ratio.toFixed(2)}** ${mark(verdict.upload.pass)}` : '—',
  `**${result.result}**${partial ? ` (only ${options.only.join(', ')})` : ''}${staleness.length ? ' (stale build)' : ''}`,
  relative(rootDir, file),
];
addResultRow(resultsMd, SECTION, sectionHeader, `| ${cells.join(' | ')} |`);
process.exit(0);
