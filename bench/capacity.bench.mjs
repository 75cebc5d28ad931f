// `npm run bench:capacity`: what one api process serves of a realistic mixed workload, per core of its
// CPU, and what the worker, the acquirer and PostgreSQL spend meanwhile (issue 21; docs/scaling.md sizes
// the fleet from these figures).
//
// A fresh database fanmint_bench_cap_<ts> (migrated, dropped at the end, also on Ctrl-C) seeded in SQL:
// BENCH_STORES (40) active public stores of BENCH_ITEMS_PER_STORE (60) approved items, one ready file
// each (the same 8 MiB file on disk: the media route reads it like any other), and BENCH_FANS (60)
// confirmed fans whose password hash has the api's production cost (BENCH_BCRYPT_COST, 12), each owning
// BENCH_OWNED (4) paid items. The built acquirer, api (LAUNCH_PHASE=live, sandbox acquirer, Redis under
// a per-run prefix) and worker run as child processes.
//
// BENCH_USERS (16) virtual users in a closed loop (no think time: the capacity), each running one user
// session after another. A session, in these proportions (printed at the start):
//   every session   GET /api/stores (the directory), then for SESSION.storesVisited (2) stores
//                   GET /api/stores/:slug and GET /api/stores/:slug/content (the store page and its items)
//   signed in       SESSION.signedInShare (30 %) of sessions are a fan's: SESSION.passwordSignInShare
//                   (10 % of all sessions) sign in with the password (@supabase/auth-js, bcrypt at the
//                   production cost), the others resume a session (GET /auth/v1/user with a token from
//                   an earlier sign-in); their browsing carries the bearer; then they open
//                   SESSION.ownedItemsOpened (2) owned items (GET /api/purchases/:id/content: the media
//                   authorisation, signed links) and stream SESSION.rangesPerItem (4) byte ranges of
//                   SESSION.rangeBytes (256 KiB) of each (GET /api/media?token=… with Range, 206)
//   buy             SESSION.buyShare (3 %) of sessions (signed-in ones) buy an item they do not own:
//                   POST /api/purchases up to the checkout session the acquirer opens (201). The hosted
//                   payment page and its webhooks are not part of it (bench:purchases measures those).
// BENCH_WARMUP_S (20) of warm-up, then BENCH_DURATION_S (60) measured. Every answer must be the expected
// status: errors must be 0.
// Baseline, same run: the store page JSON (GET /api/stores/:slug as the api answered it) served from
// memory by a bare node:http process (bench/lib/json-baseline-server.mjs), and the api's own store
// page alone, each for BENCH_BASELINE_S (10) with the same users: the floor of one process on this box.
//
// Writes bench/results/capacity-<ts>.json; appends a row to "Capacity (npm run bench:capacity)" in
// bench/RESULTS.md (--no-record: not). Exit code 0 whatever the figures; non-zero only when it could
// not run. Environment: BENCH_PG_URL, BENCH_REDIS_URL and the BENCH_* above.
import { fork, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { childEnv, ensurePinnedNode, rootDir } from '../scripts/lib/util.mjs';
import { addResultRow } from './lib/results-md.mjs';
import { cpuSnapshot, cpuUsage, groupCores } from './lib/cpu.mjs';
import { connectionPool, percentile, waitForHealth } from './lib/load.mjs';
import { cleanupRegistry, startService, stopChild } from './lib/services.mjs';
import {
  createBenchDatabase,
  removeRedisPrefixAtCleanup,
  startBenchAcquirer,
  startSmtpSink,
  productionSecrets,
} from './lib/stack.mjs';

// With NODE_ENV=production the api and the worker refuse a missing or published secret: random ones per run.
const PRODUCTION_SECRETS = productionSecrets();
const BENCH_ANON_KEY = PRODUCTION_SECRETS.PUBLIC_ANON_KEY;

await ensurePinnedNode();
const bcrypt = (await import('bcrypt')).default;
const { GoTrueClient } = await import('@supabase/auth-js');

const SESSION = {
  storesVisited: 2,
  signedInShare: 0.3,
  passwordSignInShare: 0.1,
  ownedItemsOpened: 2,
  rangesPerItem: 4,
  rangeBytes: 256 * 1024,
  buyShare: 0.03,
};
const MEDIA_BYTES = 8 * 1024 * 1024;
const PASSWORD = 'Bench-Capacity-7!horse';
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const opts = {
  users: env('BENCH_USERS', 16),
  warmupS: env('BENCH_WARMUP_S', 20),
  durationS: env('BENCH_DURATION_S', 60),
  baselineS: env('BENCH_BASELINE_S', 10),
  stores: env('BENCH_STORES', 40),
  itemsPerStore: env('BENCH_ITEMS_PER_STORE', 60),
  fans: env('BENCH_FANS', 60),
  owned: env('BENCH_OWNED', 4),
  bcryptCost: env('BENCH_BCRYPT_COST', 12),
};
for (const [name, value] of Object.entries(opts))
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number (got ${value})`);
if (opts.fans * (opts.owned + 1) > opts.stores * opts.itemsPerStore)
  throw new Error('BENCH_STORES × BENCH_ITEMS_PER_STORE must exceed BENCH_FANS × (BENCH_OWNED + 1)');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const record = !process.argv.includes('--no-record');
const timestamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..+$/, '').replace('T', '_').toLowerCase();
const log = (message) => console.log(`[bench:capacity] ${message}`);
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
if (
  !['api', 'worker', 'acquirer'].every((app) => existsSync(join(rootDir, `dist/apps/${app}/src/main.js`))) &&
  spawnSync('npm', ['run', 'build:server'], { cwd: rootDir, stdio: 'inherit', env: childEnv() }).status !== 0
) {
  throw new Error('build failed');
}
const cleanup = cleanupRegistry(log);

/** The official auth client, unmodified, with an in-memory session store. */
async function signIn(baseUrl, email) {
  const items = new Map();
  const storage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  const client = new GoTrueClient({
    url: `${baseUrl}/auth/v1`,
    headers: { apikey: BENCH_ANON_KEY },
    storage,
    storageKey: `cap-${randomBytes(6).toString('hex')}`,
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
  const { data, error } = await client.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.session) return { status: error?.status ?? 'error', body: error?.message ?? 'no session' };
  return { status: 200, token: data.session.access_token };
}

/** Per-kind latencies and statuses, counted only while `on`. */
function recorder() {
  const kinds = {};
  const rec = { on: false, sessions: 0, kinds };
  rec.add = (kind, ms, ok, sample) => {
    if (!rec.on) return;
    const k = (kinds[kind] ??= { latencies: [], errors: 0, samples: [] });
    k.latencies.push(ms);
    if (!ok) (k.errors++, k.samples.length < 3 && k.samples.push(sample));
  };
  rec.summary = (wallS) =>
    Object.fromEntries(
      Object.entries(kinds).map(([kind, k]) => {
        const sorted = k.latencies.sort((a, b) => a - b);
        return [
          kind,
          {
            count: sorted.length,
            perSecond: round(sorted.length / wallS, 1),
            p50: round(percentile(sorted, 50)),
            p99: round(percentile(sorted, 99)),
            errors: k.errors,
            samples: k.samples,
          },
        ];
      }),
    );
  return rec;
}

/** Runs `users` closed-loop callers of `session(user)` for `seconds`; returns the wall time. */
async function closedLoop(users, seconds, session) {
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: users }, async (_, user) => {
      while (performance.now() < until) await session(user);
    }),
  );
  return (performance.now() - started) / 1000;
}

const machine = {
  cores: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  date: new Date().toISOString(),
  loadAvgAtStart: loadavg().map((l) => round(l)),
};
log(
  `machine: ${machine.cores} × ${machine.cpu}, load ${machine.loadAvgAtStart.join(' ')}${machine.loadAvgAtStart[0] > machine.cores * 0.5 ? ' (busy: figures will be low and noisy)' : ''}`,
);
log(
  `session mix: ${JSON.stringify(SESSION)}; ${opts.users} users, closed loop, ${opts.warmupS} s warm-up, ${opts.durationS} s measured`,
);
const result = { machine, session: SESSION, options: opts };

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'fanmint-bench-capacity-'));
  cleanup.add(async () => rmSync(tmp, { recursive: true, force: true }));
  const dbName = `fanmint_bench_cap_${timestamp}`;
  const { databaseUrl, db } = await createBenchDatabase(cleanup, { adminUrl, dbName, log });
  const { fans, ownedBy } = await seed(db, tmp);
  log(
    `seeded ${dbName}: ${opts.stores} stores × ${opts.itemsPerStore} items, ${fans.length} fans owning ${opts.owned} items each (bcrypt cost ${opts.bcryptCost})`,
  );

  // ---- SMTP sink, Redis prefix, the acquirer, the api, the worker
  const smtpUrl = await startSmtpSink(cleanup);
  const redisPrefix = `fanmint_bench_cap_${timestamp}`;
  removeRedisPrefixAtCleanup(cleanup, redisUrl, redisPrefix);
  const { port, baseUrl, acquirer, acquirerUrl, secretKey, webhookSecrets } = await startBenchAcquirer(cleanup, {
    tag: 'cap-bench',
    tmp,
    databaseUrl,
    firstPort: 39_900,
  });
  const appEnv = {
    NODE_ENV: 'production',
    ...PRODUCTION_SECRETS,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: `cap-bench-${timestamp}-0123456789abcdefghijklmnopqrstuvwxyz`,
    SMTP_URL: smtpUrl,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LAUNCH_PHASE: 'live',
    RATE_LIMIT_SCALE: '1000000',
    LOG_LEVEL: 'warn',
    BCRYPT_COST: String(opts.bcryptCost),
    PAYMENT_PROVIDER: 'sandbox',
    SANDBOX_ACQUIRER_URL: acquirerUrl,
    SANDBOX_ACQUIRER_SECRET_KEY: secretKey,
    SANDBOX_ACQUIRER_WEBHOOK_SECRETS: webhookSecrets.join(','),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    STORAGE_DIR: join(tmp, 'storage'),
  };
  const api = startService(cleanup, { name: 'api', tag: 'cap-bench', tmp, env: appEnv });
  await waitForHealth(`${baseUrl}/health`, api.child).catch((error) =>
    Promise.reject(new Error(`${error.message}\n${api.lastOutput()}`)),
  );
  const worker = startService(cleanup, { name: 'worker', tag: 'cap-bench', tmp, env: appEnv });
  const tokens = [];
  for (const fan of fans) {
    const signed = await signIn(baseUrl, fan.email);
    if (!signed.token) throw new Error(`sign-in of ${fan.email} failed: ${signed.body}`);
    tokens.push(signed.token);
  }
  log(
    `acquirer (pid ${acquirer.child.pid}), api (pid ${api.child.pid}) on ${baseUrl}, worker (pid ${worker.child.pid}); ${tokens.length} fans signed in`,
  );

  const agent = connectionPool(baseUrl, opts.users);
  cleanup.add(() => agent.close());
  const storeSlugs = Array.from({ length: opts.stores }, (_, i) => `cap-store-${i}`);
  const rec = recorder();
  const bought = new Array(fans.length).fill(0);
  /** One timed request; `expect` the status that counts as success. Resolves the body (text) or null. */
  const request = async (
    kind,
    path,
    { token, headers = {}, method = 'GET', body, expect = 200, binary = false } = {},
  ) => {
    const t0 = performance.now();
    let status;
    let text = '';
    try {
      const response = await agent.request({
        method,
        path,
        body,
        headers: {
          ...headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      });
      status = response.statusCode;
      if (binary && status === expect) await response.body.dump({ limit: Infinity });
      else text = await response.body.text();
    } catch (error) {
      status = `error ${error.code ?? error.message}`;
    }
    rec.add(kind, performance.now() - t0, status === expect, `${status} ${path.slice(0, 60)} ${text.slice(0, 200)}`);
    return status === expect ? text : null;
  };
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const session = async () => {
    const roll = Math.random();
    const fanNo = roll < SESSION.signedInShare ? Math.floor(Math.random() * fans.length) : null;
    let token = null;
    if (fanNo !== null && roll < SESSION.passwordSignInShare) {
      const t0 = performance.now();
      const signed = await signIn(baseUrl, fans[fanNo].email);
      rec.add('sign-in (password)', performance.now() - t0, Boolean(signed.token), `${signed.status} ${signed.body}`);
      token = signed.token ?? null;
    } else if (fanNo !== null) {
      token =
        (await request('session resume (GET /auth/v1/user)', '/auth/v1/user', { token: tokens[fanNo] })) === null
          ? null
          : tokens[fanNo];
    }
    await request('directory', '/api/stores?sort=newest&limit=24', { token });
    for (let s = 0; s < SESSION.storesVisited; s++) {
      const slug = pick(storeSlugs);
      await request('store page', `/api/stores/${slug}`, { token });
      await request('store items', `/api/stores/${slug}/content`, { token });
    }
    if (!token) return void (rec.on && rec.sessions++);
    for (let n = 0; n < SESSION.ownedItemsOpened; n++) {
      const text = await request(
        'open owned item (media authorisation)',
        `/api/purchases/${pick(ownedBy[fanNo])}/content`,
        { token },
      );
      const fileUrl = text && JSON.parse(text).media[0]?.fileUrl;
      if (!fileUrl) continue;
      const { pathname, search } = new URL(fileUrl, baseUrl);
      for (let r = 0; r < SESSION.rangesPerItem; r++) {
        const start = Math.floor(Math.random() * (MEDIA_BYTES / SESSION.rangeBytes)) * SESSION.rangeBytes;
        await request('media range (206)', `${pathname}${search}`, {
          headers: { range: `bytes=${start}-${start + SESSION.rangeBytes - 1}` },
          expect: 206,
          binary: true,
        });
      }
    }
    if (Math.random() < SESSION.buyShare / SESSION.signedInShare) {
      const item = fans[fanNo].buyable[bought[fanNo]++];
      const body = JSON.stringify({
        kind: 'content',
        contentId: item,
        method: 'card',
        returnTo: '/stores/cap-store-0',
      });
      if (item)
        await request('buy (checkout created)', '/api/purchases', {
          token,
          method: 'POST',
          body,
          expect: 201,
          headers: { 'idempotency-key': `cap-${randomUUID()}` },
        });
    }
    if (rec.on) rec.sessions++;
  };

  result.warmupS = round(await closedLoop(opts.users, opts.warmupS, session));
  // This machine's PostgreSQL may run with autovacuum off: refresh the statistics the warm-up changed.
  await db.query('analyze');
  // The PostgreSQL backends serving the bench database (the pools grow under load): listed anew before each window.
  const backendPids = async () =>
    (
      await db.query(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [dbName])
    ).rows.map((r) => r.pid);
  const measure = async (seconds, fn, extraPids = {}) => {
    const backends = await backendPids();
    const pids = {
      api: api.child.pid,
      worker: worker.child.pid,
      acquirer: acquirer.child.pid,
      bench: process.pid,
      ...Object.fromEntries(backends.map((pid) => [`pg${pid}`, pid])),
    };
    const before = cpuSnapshot({ ...pids, ...extraPids });
    rec.on = true;
    const wallS = await closedLoop(opts.users, seconds, fn);
    rec.on = false;
    const after = cpuSnapshot({ ...pids, ...extraPids });
    const usage = cpuUsage(before, after);
    // Summed from jiffies: each backend alone rounds to 0.00 cores.
    const pgCores = groupCores(before, after, /^pg\d+$/);
    const cpu = {
      api: usage.apiCores ?? 0,
      worker: usage.workerCores ?? 0,
      acquirer: usage.acquirerCores ?? 0,
      postgres: pgCores,
      bench: usage.benchCores,
      others: usage.otherCores,
      machine: usage.machineCores,
      ...(extraPids.baseline ? { baseline: usage.baselineCores } : {}),
    };
    return { wallS: round(wallS), cpu, pgBackends: backends.length };
  };

  const mixed = await measure(opts.durationS, session);
  const kinds = rec.summary(mixed.wallS);
  for (const kind of Object.keys(rec.kinds)) delete rec.kinds[kind];
  const requests = Object.values(kinds).reduce((sum, k) => sum + k.count, 0);
  const errors = Object.values(kinds).reduce((sum, k) => sum + k.errors, 0);
  const served = mixed.cpu.api + mixed.cpu.worker + mixed.cpu.acquirer + mixed.cpu.postgres;
  result.mixed = {
    ...mixed,
    kinds,
    requests,
    errors,
    sessions: rec.sessions,
    requestsPerSecond: round(requests / mixed.wallS, 1),
    sessionsPerSecond: round(rec.sessions / mixed.wallS, 1),
    perApiCore: {
      requestsPerSecond: round(requests / mixed.wallS / mixed.cpu.api, 1),
      sessionsPerSecond: round(rec.sessions / mixed.wallS / mixed.cpu.api, 1),
    },
    perServingCore: {
      requestsPerSecond: round(requests / mixed.wallS / served, 1),
      sessionsPerSecond: round(rec.sessions / mixed.wallS / served, 1),
    },
    cpuMsPerSession: Object.fromEntries(
      ['api', 'worker', 'acquirer', 'postgres'].map((part) => [
        part,
        round((mixed.cpu[part] * mixed.wallS * 1000) / rec.sessions, 1),
      ]),
    ),
    cpuShare: Object.fromEntries(
      ['api', 'worker', 'acquirer', 'postgres'].map((part) => [part, round(mixed.cpu[part] / served, 3)]),
    ),
  };

  // ---- baselines: the same store page from memory in a bare node:http process, then the api's own
  const storePage = await (await fetch(`${baseUrl}/api/stores/${storeSlugs[0]}`)).text();
  const bare = fork(join(rootDir, 'bench/lib/json-baseline-server.mjs'), [], {
    cwd: rootDir,
    env: childEnv({ BODY: storePage }),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanup.add(() => stopChild(bare));
  const [{ port: barePort }] = await once(bare, 'message');
  const bareAgent = connectionPool(`http://127.0.0.1:${barePort}`, opts.users);
  cleanup.add(() => bareAgent.close());
  const baselineRun = async (label, pool, extraPids) => {
    const timed = async () => {
      const t0 = performance.now();
      const response = await pool.request({ method: 'GET', path: `/api/stores/${storeSlugs[0]}` }).catch(() => null);
      const ok = response?.statusCode === 200;
      await response?.body.text();
      rec.add(label, performance.now() - t0, ok, `${response?.statusCode ?? 'error'}`);
    };
    const run = await measure(opts.baselineS, timed, extraPids);
    const summary = rec.summary(run.wallS)[label];
    delete rec.kinds[label];
    return { ...run, ...summary };
  };
  result.baseline = {
    bare: await baselineRun('store page, bare node:http from memory', bareAgent, { baseline: bare.pid }),
    api: await baselineRun('store page, api alone', agent, {}),
  };
  result.loadAvgAtEnd = loadavg().map((l) => round(l));
}

/** Stores, items (one ready file each, all the same bytes on disk), fans and what they own. */
async function seed(db, tmp) {
  const media = join(tmp, 'storage/media/cap');
  mkdirSync(media, { recursive: true });
  writeFileSync(join(media, 'clip.mp4'), randomBytes(MEDIA_BYTES));
  await db.query(
    `insert into stores (id, owner_id, slug, status, display_name, accent_color, layout, default_video_price_minor, default_album_price_minor, currency, allow_downloads, visibility,
                         subscription_enabled, subscription_price_minor, tips_enabled, minimum_tip_minor, referrals_enabled, accepts_collaboration_requests, is_nsfw, created_at, updated_at)
     select gen_random_uuid(), gen_random_uuid(), 'cap-store-' || g, 'active', 'Capacity store ' || g, '#3366ff', 'grid', 999, 1499, 'USD', false, 'public', true, 999, true, 300, true, false, false,
            now() - g * interval '1 minute', now() from generate_series(0, $1::int - 1) g`,
    [opts.stores],
  );
  await db.query(
    `insert into content_items (id, creator_id, kind, title, price_minor, currency, status, submitted_at, decided_at, created_at, updated_at)
     select gen_random_uuid(), s.owner_id, (array['video', 'album'])[1 + g % 2], s.display_name || ' item ' || g, 500 + g * 7 % 1000, 'USD', 'approved', now(), now(), now() - g * interval '1 second', now()
       from stores s cross join generate_series(1, $1::int) g`,
    [opts.itemsPerStore],
  );
  await db.query(
    `insert into content_media (id, content_id, upload_id, media_type, format, original_name, size_bytes, status, thumbnail_key, clean_key, position, created_at)
     select gen_random_uuid(), c.id, 'cap-' || c.id, 'video', 'mp4', 'clip.mp4', $1, 'ready', 'cap/thumb.jpg', 'cap/clip.mp4', 0, now() from content_items c`,
    [MEDIA_BYTES],
  );
  // Commerce sells from sellable_items, which the worker fills from approval events; seeded here with the items.
  await db.query(
    `insert into sellable_items (content_id, creator_id, kind, title, price_minor, currency, status, version, updated_at)
     select id, creator_id, kind, title, price_minor, currency, 'sellable', 1, now() from content_items`,
  );
  const emails = Array.from(
    { length: opts.fans },
    (_, i) => `cap-fan-${i}-${randomBytes(3).toString('hex')}@bench.fanmint.test`,
  );
  const ids = (
    await db.query(
      `insert into users (email, encrypted_password, email_confirmed_at) select unnest($1::text[]), $2, now() returning id, email`,
      [emails, await bcrypt.hash(PASSWORD, opts.bcryptCost)],
    )
  ).rows;
  const items = (
    await db.query(
      `select c.id, c.creator_id, c.title, c.kind, c.price_minor, s.id as store_id from content_items c join stores s on s.owner_id = c.creator_id order by c.id`,
    )
  ).rows;
  // Fan f owns items f, f + F, … (F fans) and buys from the items after those.
  const fans = ids.map((row, f) => ({
    ...row,
    owns: items.filter((_, i) => i % opts.fans === f).slice(0, opts.owned),
    buyable: items
      .filter((_, i) => i % opts.fans === f)
      .slice(opts.owned)
      .map((item) => item.id),
  }));
  const ownedBy = [];
  for (const fan of fans) {
    const purchaseIds = fan.owns.map(() => randomUUID());
    await db.query(
      `insert into purchases (id, buyer_id, store_id, creator_id, kind, content_id, content_title, content_kind, amount_minor, currency, method, status, idempotency_key, provider, provider_payment_id, created_at, paid_at)
       select unnest($1::uuid[]), $2, unnest($3::uuid[]), unnest($4::uuid[]), 'content', unnest($5::uuid[]), unnest($6::text[]), unnest($7::text[]), unnest($8::bigint[]), 'USD', 'card', 'paid',
              'seed-' || gen_random_uuid(), 'sandbox', 'seed-' || gen_random_uuid(), now() - interval '1 day', now() - interval '1 day'`,
      [
        purchaseIds,
        fan.id,
        fan.owns.map((i) => i.store_id),
        fan.owns.map((i) => i.creator_id),
        fan.owns.map((i) => i.id),
        fan.owns.map((i) => i.title),
        fan.owns.map((i) => i.kind),
        fan.owns.map((i) => i.price_minor),
      ],
    );
    ownedBy.push(purchaseIds);
  }
  await db.query('vacuum analyze');
  return { fans, ownedBy };
}

let failure = null;
await main().catch((error) => (failure = error));
await cleanup.run();
if (failure) {
  console.error(`[bench:capacity] could not run: ${failure.stack ?? failure}`);
  process.exit(1);
}
report();

function report() {
  const { mixed, baseline } = result;
  console.log('\n| request kind | count | per s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|');
  for (const [kind, k] of Object.entries(mixed.kinds))
    console.log(`| ${kind} | ${k.count} | ${k.perSecond} | ${k.p50} | ${k.p99} | ${k.errors} |`);
  for (const k of [baseline.bare, baseline.api])
    console.log(
      `| baseline: ${k === baseline.bare ? 'store page, bare node:http from memory' : 'store page, api alone'} | ${k.count} | ${k.perSecond} | ${k.p50} | ${k.p99} | ${k.errors} |`,
    );
  const samples = Object.values(mixed.kinds).flatMap((k) => k.samples);
  if (samples.length) log(`error samples: ${samples.join(' | ')}`);
  log(
    `mixed: ${mixed.requestsPerSecond} requests/s, ${mixed.sessionsPerSecond} user sessions/s over ${mixed.wallS} s, errors ${mixed.errors}`,
  );
  log(
    `per api core: ${mixed.perApiCore.requestsPerSecond} requests/s, ${mixed.perApiCore.sessionsPerSecond} sessions/s; per serving core (api + worker + acquirer + PostgreSQL): ${mixed.perServingCore.requestsPerSecond} requests/s, ${mixed.perServingCore.sessionsPerSecond} sessions/s`,
  );
  log(
    `cpu (cores): api ${mixed.cpu.api}, worker ${mixed.cpu.worker}, acquirer ${mixed.cpu.acquirer}, PostgreSQL ${mixed.cpu.postgres} (${mixed.pgBackends} backends), bench ${mixed.cpu.bench}, others ${mixed.cpu.others}; machine ${mixed.cpu.machine} of ${machine.cores}`,
  );
  log(
    `cpu ms per session: ${Object.entries(mixed.cpuMsPerSession)
      .map(([part, ms]) => `${part} ${ms}`)
      .join(', ')} (a password sign-in is bcrypt at cost ${opts.bcryptCost} in the api's thread pool)`,
  );
  log(
    `cpu share of serving: ${Object.entries(mixed.cpuShare)
      .map(([part, share]) => `${part} ${round(share * 100, 1)} %`)
      .join(', ')}`,
  );
  log(
    `baseline store page: bare ${baseline.bare.perSecond}/s on ${baseline.bare.cpu.baseline} cores, api ${baseline.api.perSecond}/s on ${baseline.api.cpu.api} api + ${baseline.api.cpu.postgres} PostgreSQL cores`,
  );
  log(`load average ${machine.loadAvgAtStart.join(' ')} at start, ${result.loadAvgAtEnd.join(' ')} at the end`);
  mkdirSync(join(rootDir, 'bench/results'), { recursive: true });
  const file = join(rootDir, `bench/results/capacity-${timestamp}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  log(`results: ${relative(rootDir, file)}`);
  if (!record) return;
  const header =
    'One row per run of `npm run bench:capacity` (appended automatically; full JSON in `bench/results/capacity-<timestamp>.json`, not committed). ' +
    'A closed loop of simulated user sessions (directory, store pages and their items; 30 % signed in, a third of them with the password; owned items opened and streamed as byte ranges; 3 % open a checkout) against one api, one worker and the sandbox acquirer on one PostgreSQL and Redis. ' +
    "Per api core = throughput ÷ the api process's measured CPU; serving cores add the worker, the acquirer and the PostgreSQL backends. Baseline: the store page JSON from memory in a bare node:http process. docs/scaling.md sizes the fleet from these figures.\n\n" +
    '| date (UTC) | machine (cores × cpu, load 1/5/15 min) | users × measured s | requests/s, sessions/s | per api core: requests/s, sessions/s | per serving core: requests/s | CPU cores: api / worker / acquirer / PostgreSQL (others) | p99 ms: store page / open item / media range / sign-in / buy | errors | store page/s: api alone / bare node:http | results file |\n' +
    '|---|---|---|---|---|---|---|---|---|---|---|\n';
  const p99 = (kind) => mixed.kinds[kind]?.p99 ?? '–';
  const cells = [
    `${machine.date.slice(0, 16).replace('T', ' ')}Z`,
    `${machine.cores} × ${machine.cpu}, load ${machine.loadAvgAtStart.join(' ')}`,
    `${opts.users} × ${mixed.wallS}`,
    `**${mixed.requestsPerSecond}**, ${mixed.sessionsPerSecond}`,
    `**${mixed.perApiCore.requestsPerSecond}**, ${mixed.perApiCore.sessionsPerSecond}`,
    `${mixed.perServingCore.requestsPerSecond}`,
    `${mixed.cpu.api} / ${mixed.cpu.worker} / ${mixed.cpu.acquirer} / ${mixed.cpu.postgres} (${mixed.cpu.others})`,
    [
      'store page',
      'open owned item (media authorisation)',
      'media range (206)',
      'sign-in (password)',
      'buy (checkout created)',
    ]
      .map(p99)
      .join(' / '),
    `${mixed.errors}`,
    `${baseline.api.perSecond} / ${baseline.bare.perSecond}`,
    relative(rootDir, file),
  ];
  addResultRow(
    join(rootDir, 'bench/RESULTS.md'),
    '## Capacity (npm run bench:capacity)',
    header,
    `| ${cells.join(' | ')} |`,
  );
}
