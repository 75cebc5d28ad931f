// `npm run bench:feed`: a member's feed at scale (issue 35), against the store page API in the same run.
//
// A fresh database fanmint_bench_feed_<ts> (migrated, dropped at the end, also on Ctrl-C) seeded in SQL:
// BENCH_STORES (10,000) active stores with BENCH_POSTS_PER_STORE (100) published posts each (1,000,000;
// 70 % free, 20 % for subscribers, 10 % pay to unlock, published over the last year; half of them carry an
// approved album of one photo), BENCH_FANS (100,000)
// fans each following BENCH_FOLLOWS (10) random stores, and BENCH_USERS (32) bench fans following
// BENCH_FEED_FOLLOWS (200) random stores each, signed in with the official auth client. The built
// acquirer and api run as child processes (no worker: nothing is queued).
//
// BENCH_USERS closed-loop callers, one per bench fan, BENCH_WARMUP_S (10) of warm-up then BENCH_DURATION_S
// (20) measured per phase:
//   store page   GET /api/stores/:slug (anonymous, a random store): the baseline
//   feed         GET /api/feed (the fan's first page, 20 posts)
//   feed, page 2 GET /api/feed?cursor=… (the page after the first)
// Each answer must be 200 with a page of posts. Then EXPLAIN (ANALYZE, BUFFERS) of the feed statement for
// one bench fan (the plan must read posts through posts_published).
//
// Writes bench/results/feed-<ts>.json; appends a row to "Feed (npm run bench:feed)" in bench/RESULTS.md
// (--no-record: not). Target (issue 35): p99 under 50 ms at 32 connections. Environment: BENCH_PG_URL,
// BENCH_REDIS_URL and the BENCH_* above.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { childEnv, ensurePinnedNode, rootDir } from '../scripts/lib/util.mjs';
import { addResultRow } from './lib/results-md.mjs';
import { connectionPool, percentile, waitForHealth } from './lib/load.mjs';
import { cleanupRegistry, startService } from './lib/services.mjs';
import {
  createBenchDatabase,
  productionSecrets,
  removeRedisPrefixAtCleanup,
  startBenchAcquirer,
  startSmtpSink,
} from './lib/stack.mjs';

await ensurePinnedNode();
const bcrypt = (await import('bcrypt')).default;
const { GoTrueClient } = await import('@supabase/auth-js');

const PRODUCTION_SECRETS = productionSecrets();
const PASSWORD = 'Bench-Feed-7!horse';
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const opts = {
  users: env('BENCH_USERS', 32),
  warmupS: env('BENCH_WARMUP_S', 10),
  durationS: env('BENCH_DURATION_S', 20),
  stores: env('BENCH_STORES', 10_000),
  postsPerStore: env('BENCH_POSTS_PER_STORE', 100),
  fans: env('BENCH_FANS', 100_000),
  follows: env('BENCH_FOLLOWS', 10),
  feedFollows: env('BENCH_FEED_FOLLOWS', 200),
};
for (const [name, value] of Object.entries(opts))
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number (got ${value})`);
if (opts.feedFollows > opts.stores) throw new Error('BENCH_FEED_FOLLOWS must not exceed BENCH_STORES');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const record = !process.argv.includes('--no-record');
const timestamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..+$/, '').replace('T', '_').toLowerCase();
const log = (message) => console.log(`[bench:feed] ${message}`);
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
if (
  !['api', 'acquirer'].every((app) => existsSync(join(rootDir, `dist/apps/${app}/src/main.js`))) &&
  spawnSync('npm', ['run', 'build:server'], { cwd: rootDir, stdio: 'inherit', env: childEnv() }).status !== 0
) {
  throw new Error('build failed');
}
const cleanup = cleanupRegistry(log);

/** The official auth client, unmodified, with an in-memory session store: resolves an access token. */
async function signIn(baseUrl, email) {
  const items = new Map();
  const client = new GoTrueClient({
    url: `${baseUrl}/auth/v1`,
    headers: { apikey: PRODUCTION_SECRETS.PUBLIC_ANON_KEY },
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    },
    storageKey: `feed-${randomBytes(6).toString('hex')}`,
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
  const { data, error } = await client.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.session) throw new Error(`sign-in of ${email} failed: ${error?.message ?? 'no session'}`);
  return data.session.access_token;
}

/** Stores, their posts, fans and who follows what, all in SQL. */
async function seed(db) {
  const step = async (what, sql, params = []) => {
    const t0 = performance.now();
    await db.query(sql, params);
    log(`seeded ${what} in ${round((performance.now() - t0) / 1000, 1)} s`);
  };
  await step(
    `${opts.stores} stores`,
    `insert into stores (id, owner_id, slug, status, display_name, accent_color, layout, default_video_price_minor, default_album_price_minor, currency, allow_downloads, visibility,
                         subscription_enabled, subscription_price_minor, tips_enabled, minimum_tip_minor, referrals_enabled, accepts_collaboration_requests, is_nsfw, created_at, updated_at)
     select gen_random_uuid(), gen_random_uuid(), 'feed-store-' || g, 'active', 'Feed store ' || g, '#3366ff', 'grid', 999, 1499, 'USD', false, 'public', true, 999, true, 300, true, false, false,
            now() - g * interval '1 minute', now() from generate_series(0, $1::int - 1) g`,
    [opts.stores],
  );
  await step(
    `${opts.stores * opts.postsPerStore} posts`,
    `insert into posts (id, creator_id, text, audience, price_minor, currency, status, comments_enabled, created_at, published_at)
     select gen_random_uuid(), s.owner_id, 'Post ' || g || ' of ' || s.display_name,
            a.audience, case when a.audience = 'paid' then 500 end, 'USD', 'published', true, t.at, t.at
       from stores s cross join generate_series(1, $1::int) g
       cross join lateral (select case when g % 10 = 0 then 'paid' when g % 10 < 3 then 'subscribers' else 'free' end as audience) a
       cross join lateral (select now() - (random() * 365 * 24 * 3600) * interval '1 second' + (g * 0) * interval '1 second' as at) t`,
    [opts.postsPerStore],
  );
  // Half the posts carry an approved album of one photo, made for posts, as a creator's upload leaves it.
  const withMedia = `from posts p where p.id::text < '8'`;
  await step(
    'post media (half the posts)',
    `insert into content_items (id, creator_id, kind, title, price_minor, currency, status, purpose, submitted_at, decided_at, created_at, updated_at)
     select md5(p.id::text)::uuid, p.creator_id, 'album', 'Photos for posts', 0, 'USD', 'approved', 'post', p.created_at, p.created_at, p.created_at, p.created_at ${withMedia}`,
  );
  await db.query(
    `insert into content_media (id, content_id, upload_id, media_type, format, original_name, size_bytes, status, thumbnail_key, clean_key, position, created_at)
     select md5('m' || p.id::text)::uuid, md5(p.id::text)::uuid, 'feed-' || p.id, 'image', 'jpeg', 'photo.jpg', 1000, 'ready', 'feed/thumb.jpg', 'feed/photo.jpg', 0, p.created_at ${withMedia}`,
  );
  await db.query(
    `insert into post_media (post_id, content_id, position, review) select p.id, md5(p.id::text)::uuid, 0, 'approved' ${withMedia}`,
  );
  await db.query(
    `insert into post_media_reviews (content_id, creator_id, review, version) select md5(p.id::text)::uuid, p.creator_id, 'approved', 1 ${withMedia}`,
  );
  const hash = await bcrypt.hash(PASSWORD, 10);
  await step(
    `${opts.fans} fans`,
    `insert into users (email, encrypted_password, email_confirmed_at)
     select 'feed-fan-' || g || '@bench.fanmint.test', $2, now() from generate_series(1, $1::int) g`,
    [opts.fans, hash],
  );
  await step(
    `${opts.fans * opts.follows} follows`,
    `insert into favorites (user_id, store_id, created_at)
     select u.id, s.id, now() - random() * interval '300 days'
       from users u cross join generate_series(1, $2::int) k
       cross join lateral (select id from stores where slug = 'feed-store-' || (floor(random() * $1::int) + k * 0)::int) s
      where u.email like 'feed-fan-%'
     on conflict do nothing`,
    [opts.stores, opts.follows],
  );
  const emails = Array.from(
    { length: opts.users },
    (_, i) => `feed-bench-${i}-${randomBytes(3).toString('hex')}@bench.fanmint.test`,
  );
  const { rows } = await db.query(
    `insert into users (email, encrypted_password, email_confirmed_at) select unnest($1::text[]), $2, now() returning id, email`,
    [emails, hash],
  );
  await step(
    `${opts.users} bench fans × ${opts.feedFollows} follows`,
    `insert into favorites (user_id, store_id, created_at)
     select u.id, s.id, now() - random() * interval '300 days'
       from unnest($1::uuid[]) as u(id)
       cross join lateral (select id from stores where u.id is not null order by random() limit $2::int) s`,
    [rows.map((row) => row.id), opts.feedFollows],
  );
  await step('ANALYZE', 'analyze');
  return rows;
}

/** `users` closed-loop callers of `call(user)` for `seconds`, latencies recorded while `measured`. */
async function phase(name, users, call) {
  const latencies = [];
  let errors = 0;
  const samples = [];
  let measured = false;
  const run = async (seconds) => {
    const until = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: users }, async (_, user) => {
        while (performance.now() < until) {
          const t0 = performance.now();
          const problem = await call(user).catch((error) => error.message);
          if (!measured) continue;
          latencies.push(performance.now() - t0);
          if (problem) (errors++, samples.length < 3 && samples.push(problem));
        }
      }),
    );
    return (performance.now() - started) / 1000;
  };
  await run(opts.warmupS);
  measured = true;
  const wallS = await run(opts.durationS);
  latencies.sort((a, b) => a - b);
  const summary = {
    count: latencies.length,
    perSecond: round(latencies.length / wallS, 1),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    errors,
    samples,
  };
  log(`${name}: ${summary.perSecond}/s, p50 ${summary.p50} ms, p99 ${summary.p99} ms, errors ${errors}`);
  return summary;
}

const machine = {
  cores: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  date: new Date().toISOString(),
  loadAvgAtStart: loadavg().map((l) => round(l)),
};
log(`machine: ${machine.cores} × ${machine.cpu}, load ${machine.loadAvgAtStart.join(' ')}`);
const result = { machine, options: opts };

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'fanmint-bench-feed-'));
  cleanup.add(async () => rmSync(tmp, { recursive: true, force: true }));
  mkdirSync(join(tmp, 'storage'), { recursive: true });
  const dbName = `fanmint_bench_feed_${timestamp}`;
  const { databaseUrl, db } = await createBenchDatabase(cleanup, { adminUrl, dbName, log });
  const fans = await seed(db);

  const smtpUrl = await startSmtpSink(cleanup);
  const redisPrefix = `fanmint_bench_feed_${timestamp}`;
  removeRedisPrefixAtCleanup(cleanup, redisUrl, redisPrefix);
  const { port, baseUrl, acquirerUrl, secretKey, webhookSecrets } = await startBenchAcquirer(cleanup, {
    tag: 'feed-bench',
    tmp,
    databaseUrl,
    firstPort: 39_700,
  });
  const api = startService(cleanup, {
    name: 'api',
    tag: 'feed-bench',
    tmp,
    env: {
      NODE_ENV: 'production',
      ...PRODUCTION_SECRETS,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: `feed-bench-${timestamp}-0123456789abcdefghijklmnopqrstuvwxyz`,
      SMTP_URL: smtpUrl,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LAUNCH_PHASE: 'live',
      RATE_LIMIT_SCALE: '1000000',
      LOG_LEVEL: 'warn',
      BCRYPT_COST: '10',
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_ACQUIRER_URL: acquirerUrl,
      SANDBOX_ACQUIRER_SECRET_KEY: secretKey,
      SANDBOX_ACQUIRER_WEBHOOK_SECRETS: webhookSecrets.join(','),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      STORAGE_DIR: join(tmp, 'storage'),
    },
  });
  await waitForHealth(`${baseUrl}/health`, api.child).catch((error) =>
    Promise.reject(new Error(`${error.message}\n${api.lastOutput()}`)),
  );
  const tokens = [];
  for (const fan of fans) tokens.push(await signIn(baseUrl, fan.email));
  log(`api (pid ${api.child.pid}) on ${baseUrl}; ${tokens.length} fans signed in`);

  const pool = connectionPool(baseUrl, opts.users);
  cleanup.add(() => pool.close());
  const get = async (path, token) => {
    const response = await pool.request({
      method: 'GET',
      path,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${path} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };
  const cursors = [];
  for (const token of tokens) {
    const first = await get('/api/feed', token);
    if (first.posts.length !== 20 || !first.nextCursor)
      throw new Error(`a bench fan's feed has ${first.posts.length} posts`);
    cursors.push(first.nextCursor);
  }
  const pageOf = (page) => (page.posts?.length === 20 ? null : `a page of ${page.posts?.length} posts`);
  result.storePage = await phase('store page', opts.users, async () => {
    const page = await get(`/api/stores/feed-store-${Math.floor(Math.random() * opts.stores)}`, null);
    return page.slug ? null : 'no store';
  });
  result.feed = await phase('feed', opts.users, async (user) => pageOf(await get('/api/feed', tokens[user])));
  result.feedPage2 = await phase('feed, page 2', opts.users, async (user) =>
    pageOf(await get(`/api/feed?cursor=${cursors[user]}`, tokens[user])),
  );
  result.ratioFeedToStorePage = round(result.feed.perSecond / result.storePage.perSecond, 3);

  // The feed statement (libs/posts post-reads feedPage) for the first bench fan, as the api runs it.
  const followed = (
    await db.query(`select s.owner_id from favorites f join stores s on s.id = f.store_id where f.user_id = $1`, [
      fans[0].id,
    ])
  ).rows.map((row) => row.owner_id);
  const plan = await db.query(
    `explain (analyze, buffers, costs off)
     select p.id, (select json_agg(json_build_array(m.content_id, m.review) order by m.position) from post_media m where m.post_id = p.id) as media
       from (select q.*
               from unnest($1::uuid[]) as c(id)
               cross join lateral (
                 select * from posts q
                  where q.creator_id = c.id and q.status = 'published' and (q.published_at, q.id) < ('9999-12-31'::timestamptz, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
                  order by q.published_at desc, q.id desc limit 20) q
              order by q.published_at desc, q.id desc
              limit 20) p
      order by p.published_at desc, p.id desc`,
    [followed],
  );
  result.feedPlan = plan.rows.map((row) => row['QUERY PLAN']);
  log(`feed plan:\n  ${result.feedPlan.join('\n  ')}`);
  if (!result.feedPlan.some((line) => line.includes('posts_published')))
    throw new Error('the feed statement does not read posts through posts_published');
  result.loadAvgAtEnd = loadavg().map((l) => round(l));
}

try {
  await main();
  mkdirSync(join(rootDir, 'bench/results'), { recursive: true });
  const file = join(rootDir, `bench/results/feed-${timestamp}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  log(`results: ${relative(rootDir, file)}`);
  if (record) {
    addResultRow(
      join(rootDir, 'bench/RESULTS.md'),
      '## Feed (npm run bench:feed)',
      'A member following 200 stores reads their feed (10,000 stores, 1,000,000 posts, 100,000 fans), 32 connections, closed\n' +
        'loop, against the store page API in the same run. Target (issue 35): feed p99 under 50 ms.\n\n' +
        '| date | machine | load | store page /s · p99 | feed /s · p50 · p99 | feed page 2 /s · p99 | feed ÷ store page | errors | target |\n' +
        '|---|---|---|---|---|---|---|---|---|\n',
      `| ${machine.date.slice(0, 16)}Z | ${machine.cores} × ${machine.cpu} | ${machine.loadAvgAtStart[0]} → ${result.loadAvgAtEnd[0]} | ${result.storePage.perSecond} · ${result.storePage.p99} ms | ${result.feed.perSecond} · ${result.feed.p50} · ${result.feed.p99} ms | ${result.feedPage2.perSecond} · ${result.feedPage2.p99} ms | ${result.ratioFeedToStorePage} | ${result.storePage.errors + result.feed.errors + result.feedPage2.errors} | ${result.feed.p99 < 50 && result.feedPage2.p99 < 50 ? 'PASS' : 'FAIL'} |`,
    );
  }
} finally {
  await cleanup.run();
}
