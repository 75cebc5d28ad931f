// `npm run bench:realtime`: /realtime/v1 on one api process, each figure beside a bare `ws` server.
//
//   1. connections  N WebSocket connections (default 10,000), each joining a private channel
//                   (user:<id>, so every join runs the token check); the api's RSS before and after,
//                   per connection. The baseline: a bare `ws` server in its own process, N connections
//                   each sending one frame it answers.
//   2. latency      one sender broadcasting R messages a second (default 1,000) for S seconds on
//                   staff:moderation (a moderator's aal2 session) to F subscribers (default 10):
//                   send-to-receive latency p50/p99 over every delivery. The baseline: the same load
//                   through a bare `ws` server that relays each message to its other clients.
//
// Runs the built api (dist/apps/api/src/main.js; `npm run build:server` only when dist/ is missing)
// with NODE_ENV=production on a fresh database fanmint_bench_rt_<ts> (migrated, dropped at the end,
// also on Ctrl-C) and an in-process SMTP sink. The bench process opens every client socket itself,
// so it needs N + a few file descriptors, as the api does (`ulimit -n`). Prints a table; records
// nothing. Takes about 2 to 4 minutes with the defaults on a 2-core machine.
//
// Options: --redis (the realtime bus and presence in Redis; default PostgreSQL LISTEN/NOTIFY).
// Environment: BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379), BENCH_CONNECTIONS (10000), BENCH_RATE (1000),
// BENCH_SECONDS (10), BENCH_RECEIVERS (10), BENCH_LOG_LEVEL (api LOG_LEVEL, default warn).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { childEnv, ensurePinnedNode, findFreePort, rootDir } from '../scripts/lib/util.mjs';

await ensurePinnedNode();

const pg = (await import('pg')).default;
const { default: WebSocket } = await import('ws');
const { GoTrueClient } = await import('@supabase/auth-js');
const { generate } = await import('otplib');
const { SMTPServer } = await import('smtp-server');

const options = {
  redis: process.argv.includes('--redis'),
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  adminUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10_000),
  rate: Number(process.env.BENCH_RATE ?? 1000),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  receivers: Number(process.env.BENCH_RECEIVERS ?? 10),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
};
for (const key of ['connections', 'rate', 'seconds', 'receivers']) {
  if (!Number.isInteger(options[key]) || options[key] < 1) {
    console.error(`[rt-bench] ${key} must be a positive whole number (got ${options[key]})`);
    process.exit(2);
  }
}

const ANON_KEY = 'fanmint-public-anon-key';
const PASSWORD = 'Bench-Realtime-7!harbour';
const OPENING_IN_FLIGHT = 200;
const timestamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..+$/, '').replace('T', '_').toLowerCase();
const log = (message) => console.log(`[rt-bench] ${message}`);
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const now = () => performance.timeOrigin + performance.now();

// ---- cleanup (also on Ctrl-C) -----------------------------------------------------------------
const cleanupSteps = [];
let cleaning = null;
const runCleanup = () =>
  (cleaning ??= (async () => {
    for (const step of cleanupSteps.reverse()) await step().catch((error) => log(`cleanup step failed: ${error.message}`));
  })());
const abort = async (code, message) => {
  if (message) console.error(`[rt-bench] ${message}`);
  await runCleanup();
  process.exit(code);
};
process.once('SIGINT', () => void abort(130, 'interrupted: stopping the servers, dropping the database'));
process.once('SIGTERM', () => void abort(143, 'terminated: cleaning up'));
process.once('uncaughtException', (error) => void abort(1, `crashed: ${error.stack ?? error}`));

/** A child process on a script, stopped (SIGTERM, then SIGKILL) at cleanup; its last output kept for errors. */
function startProcess(name, script, env) {
  const child = spawn(process.execPath, [script], { cwd: rootDir, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output = [];
  const keep = (chunk) => output.push(chunk.toString()) > 100 && output.shift();
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) void abort(1, `${name} exited unexpectedly (${signal ?? `code ${code}`}):\n${output.join('').slice(-4000)}`);
  });
  cleanupSteps.push(async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  });
  return { child, output };
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Opens `count` sockets, `OPENING_IN_FLIGHT` at a time; `first(ws)` sends the socket's first frame and resolves when it is answered. */
async function openMany(url, count, first) {
  const sockets = [];
  let next = 0;
  const opener = async () => {
    while (next < count) {
      const index = next++;
      const ws = new WebSocket(url, { perMessageDeflate: false });
      await once(ws, 'open');
      await first(ws, index);
      sockets.push(ws);
    }
  };
  await Promise.all(Array.from({ length: OPENING_IN_FLIGHT }, opener));
  return sockets;
}

/** Waits for the first text frame on `ws` that `match` accepts. */
const frameOn = (ws, match) =>
  new Promise((resolve, reject) => {
    const onMessage = (data, isBinary) => {
      if (isBinary) return;
      const frame = JSON.parse(data.toString());
      if (!match(frame)) return;
      ws.off('message', onMessage);
      resolve(frame);
    };
    ws.on('message', onMessage);
    ws.once('close', (code) => reject(new Error(`socket closed (${code}) before the expected frame`)));
  });

/** Phase 1 on one server: RSS per connection once `count` sockets are open and joined. */
async function measureConnections(label, pid, url, join) {
  await sleep(1000);
  const before = rssMb(pid);
  const started = performance.now();
  const sockets = await openMany(url, options.connections, join);
  const openSeconds = (performance.now() - started) / 1000;
  // Heartbeats as clients send them, so the api's idle close never fires mid-run.
  const beats = setInterval(() => sockets.forEach((ws) => ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]))), 25_000);
  await sleep(3000);
  const after = rssMb(pid);
  clearInterval(beats);
  await Promise.all(sockets.map((ws) => (ws.close(), once(ws, 'close'))));
  log(`${label}: ${options.connections} sockets open and joined in ${round(openSeconds)} s; RSS ${round(before)} -> ${round(after)} MB`);
  return { rssBeforeMb: round(before), rssAfterMb: round(after), kbPerConnection: round(((after - before) * 1024) / options.connections, 2), openSeconds: round(openSeconds) };
}

/** Phase 2 on one server: latency of every delivery of `rate` messages a second for `seconds`. */
async function measureLatency(label, url, join, broadcastFrame) {
  const latencies = [];
  const receivers = await openMany(url, options.receivers, join);
  for (const ws of receivers) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const frame = JSON.parse(data.toString());
      const sentAt = frame[4]?.payload?.sentAt;
      if (frame[3] === 'broadcast' && typeof sentAt === 'number') latencies.push(now() - sentAt);
    });
  }
  const [sender] = await openMany(url, 1, join);
  const total = options.rate * options.seconds;
  let sent = 0;
  const started = performance.now();
  // Paced every 10 ms against the clock, so a late tick catches up instead of lowering the rate.
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * options.rate));
      while (sent < due) sender.send(broadcastFrame({ sentAt: now(), seq: sent++ }));
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 10);
  });
  const expected = total * options.receivers;
  const deadline = Date.now() + 10_000;
  while (latencies.length < expected && Date.now() < deadline) await sleep(50);
  await Promise.all([...receivers, sender].map((ws) => (ws.close(), once(ws, 'close'))));
  latencies.sort((a, b) => a - b);
  log(`${label}: ${latencies.length} of ${expected} deliveries; p50 ${round(percentile(latencies, 50), 2)} ms, p99 ${round(percentile(latencies, 99), 2)} ms`);
  return { delivered: latencies.length, expected, p50Ms: round(percentile(latencies, 50), 2), p99Ms: round(percentile(latencies, 99), 2) };
}

// ---- a bare ws server: answers a frame with the same ref, relays broadcasts to the other clients ----
const wsModule = pathToFileURL(createRequire(import.meta.url).resolve('ws')).href;
const BASELINE = `
import ws from ${JSON.stringify(wsModule)};
const wss = new ws.WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1', perMessageDeflate: false, maxPayload: 1024 * 1024 });
wss.on('connection', (ws) => ws.on('message', (data) => {
  const frame = JSON.parse(data.toString());
  if (frame[3] !== 'broadcast') return ws.send(JSON.stringify([frame[0], frame[1], frame[2], 'phx_reply', { status: 'ok', response: {} }]));
  const out = JSON.stringify([null, null, frame[2], 'broadcast', frame[4]]);
  for (const client of wss.clients) if (client !== ws) client.send(out);
}));
wss.on('listening', () => console.log('listening'));
`;

// ---- the run ------------------------------------------------------------------------------------
const mainJs = join(rootDir, 'dist/apps/api/src/main.js');
if (!existsSync(mainJs)) {
  log('dist/ is missing: npm run build:server');
  if (spawnSync('npm', ['run', 'build:server'], { cwd: rootDir, stdio: 'inherit', env: childEnv() }).status !== 0) await abort(1, 'build failed');
}
const tmp = mkdtempSync(join(tmpdir(), 'fanmint-rt-bench-'));
cleanupSteps.push(async () => rmSync(tmp, { recursive: true, force: true }));

const dbName = `fanmint_bench_rt_${timestamp}`;
const admin = new pg.Client({ connectionString: options.adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();
cleanupSteps.push(async () => {
  const client = new pg.Client({ connectionString: options.adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${dbName} with (force)`);
  await client.end();
  log(`database ${dbName} dropped`);
});
const databaseUrl = Object.assign(new URL(options.adminUrl), { pathname: `/${dbName}` }).toString();
if (spawnSync(process.execPath, [join(rootDir, 'dist/apps/api/src/migrate.js')], { cwd: rootDir, env: childEnv({ DATABASE_URL: databaseUrl }), stdio: 'ignore' }).status !== 0) {
  await abort(1, 'migrations failed');
}

const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false, onData: (stream, _session, done) => stream.resume().on('end', () => done()) });
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
cleanupSteps.push(() => new Promise((resolve) => smtp.close(resolve)));

const port = await findFreePort(39_800);
const baseUrl = `http://127.0.0.1:${port}`;
// Through a launcher, so the command line is not `node dist/apps/api/src/main.js` (other sessions stop theirs by that name).
const launcher = join(tmp, 'rt-bench-api.mjs');
writeFileSync(launcher, `await import(${JSON.stringify(pathToFileURL(mainJs).href)});\n`);
const apiEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  JWT_SECRET: `rt-bench-${timestamp}-0123456789abcdefghijklmnopqrstuvwxyz`,
  SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
  PORT: String(port),
  PUBLIC_URL: baseUrl,
  RATE_LIMIT_SCALE: '1000',
  LOG_LEVEL: options.logLevel,
  REDIS_URL: options.redis ? options.redisUrl : undefined,
  REDIS_PREFIX: `fanmint_bench_rt_${timestamp}`,
};
const api = startProcess('the api', launcher, apiEnv);
for (const deadline = Date.now() + 60_000; ; await sleep(250)) {
  if ((await fetch(`${baseUrl}/health/ready`).catch(() => null))?.ok) break;
  if (Date.now() > deadline) await abort(1, `the api did not become ready:\n${api.output.join('').slice(-4000)}`);
}
log(`api (pid ${api.child.pid}) on ${baseUrl}, database ${dbName}, bus ${options.redis ? 'redis' : 'postgres'}`);

// Accounts: a fan whose user channel every socket joins, and a moderator (aal2) for staff:moderation.
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
cleanupSteps.push(() => db.end());
async function account(role) {
  const email = `bench-rt-${randomBytes(4).toString('hex')}@bench.fanmint.test`;
  const items = new Map();
  const storage = { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, value), removeItem: (key) => items.delete(key) };
  const client = new GoTrueClient({ url: `${baseUrl}/auth/v1`, headers: { apikey: ANON_KEY }, storage, storageKey: `rt-${email}`, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false });
  const signUp = await client.signUp({ email, password: PASSWORD, options: { data: { terms_accepted: true, terms_version: '1.0.0', privacy_version: '1.0.0', marketing_consent: false, consent_timestamp: new Date().toISOString() } } });
  if (signUp.error) throw new Error(`sign-up failed: ${signUp.error.message}`);
  const { rows } = await db.query(`update users set email_confirmed_at = now(), app_role = $2 where email = $1 returning id`, [email, role]);
  const signIn = await client.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw new Error(`sign-in failed: ${signIn.error.message}`);
  if (role !== 'moderator') return { userId: rows[0].id, token: signIn.data.session.access_token };
  const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
  const challenge = await client.mfa.challenge({ factorId: enrolled.data.id });
  const code = await generate({ secret: enrolled.data.totp.secret, epoch: Math.floor(Date.now() / 1000), period: 30, digits: 6, algorithm: 'sha1' });
  const verified = await client.mfa.verify({ factorId: enrolled.data.id, challengeId: challenge.data.id, code });
  if (verified.error) throw new Error(`mfa verify failed: ${verified.error.message}`);
  return { userId: rows[0].id, token: verified.data.access_token };
}
const fan = await account('fan');
const moderator = await account('moderator');

const baselinePort = await findFreePort(39_900);
const baselineScript = join(tmp, 'rt-bench-baseline.mjs');
writeFileSync(baselineScript, BASELINE);
const baseline = startProcess('the baseline server', baselineScript, { PORT: String(baselinePort) });
for (const deadline = Date.now() + 10_000; !baseline.output.join('').includes('listening'); await sleep(50)) {
  if (Date.now() > deadline) await abort(1, 'the baseline server did not start');
}
const socketUrl = `${baseUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=2.0.0`;
const baselineUrl = `ws://127.0.0.1:${baselinePort}`;
let refs = 0;
const joinAs = (token, topic) => async (ws) => {
  const ref = String(++refs);
  const reply = frameOn(ws, (frame) => frame[3] === 'phx_reply' && frame[1] === ref);
  ws.send(JSON.stringify([ref, ref, topic, 'phx_join', { config: { private: true, broadcast: { self: false } }, access_token: token }]));
  const answer = await reply;
  if (answer[4].status !== 'ok') throw new Error(`join of ${topic} refused: ${JSON.stringify(answer[4])}`);
  ws.joinRef = ref;
};
const staffTopic = 'realtime:staff:moderation';
const broadcastOf = (topic) => (payload) => JSON.stringify([null, null, topic, 'broadcast', { type: 'broadcast', event: 'tick', payload }]);

const result = { settings: options, api: {}, baseline: {} };
result.api.connections = await measureConnections('api', api.child.pid, socketUrl, joinAs(fan.token, `realtime:user:${fan.userId}`));
result.baseline.connections = await measureConnections('baseline', baseline.child.pid, baselineUrl, joinAs(fan.token, `realtime:user:${fan.userId}`));
result.api.latency = await measureLatency('api', socketUrl, joinAs(moderator.token, staffTopic), broadcastOf(staffTopic));
result.baseline.latency = await measureLatency('baseline', baselineUrl, joinAs(moderator.token, staffTopic), broadcastOf(staffTopic));

console.table({
  'KB per connection': { api: result.api.connections.kbPerConnection, baseline: result.baseline.connections.kbPerConnection },
  [`${options.connections} sockets opened + joined (s)`]: { api: result.api.connections.openSeconds, baseline: result.baseline.connections.openSeconds },
  'delivery p50 (ms)': { api: result.api.latency.p50Ms, baseline: result.baseline.latency.p50Ms },
  'delivery p99 (ms)': { api: result.api.latency.p99Ms, baseline: result.baseline.latency.p99Ms },
  'deliveries': { api: `${result.api.latency.delivered}/${result.api.latency.expected}`, baseline: `${result.baseline.latency.delivered}/${result.baseline.latency.expected}` },
});
console.log(JSON.stringify(result));
await runCleanup();
process.exit(0);
