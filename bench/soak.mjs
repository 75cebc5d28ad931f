// Soak: mixed traffic against 2 api + 2 worker processes (scripts/cluster.mjs, started here) for
// --minutes (default 10): browse public pages and stores, sign in, read the account, refresh the
// session, sign up (confirmation emails through the workers). With LAUNCH_PHASE=live (the demo
// marketplace seeded by cluster.mjs) fans also open the demo store and its items and start checkouts
// at the sandbox acquirer, and the demo creator uploads photos with tus into new albums (processed by
// the workers). Fails on any 5xx; prints the answers by status, the request rate and every process's
// RSS sampled over time. Not a test: run it by hand on an idle machine
// (`LAUNCH_PHASE=live node bench/soak.mjs --minutes 10`); the same settings as cluster.mjs.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ensurePinnedNode, rootDir, sleep } from '../scripts/lib/util.mjs';

await ensurePinnedNode();
const sharp = (await import('sharp')).default;
const { Upload } = await import('tus-js-client');
const live = process.env.LAUNCH_PHASE === 'live';
const STORE = 'demo-studio';
const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    clients: { type: 'string', default: '8' },
    sample: { type: 'string', default: '30' },
  },
});
const durationMs = Number(args.minutes) * 60_000;

const cluster = spawn(process.execPath, ['scripts/cluster.mjs'], {
  cwd: rootDir,
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: false,
});
let banner = '';
const baseUrl = await new Promise((resolve, reject) => {
  cluster.stdout.on('data', (chunk) => {
    banner += chunk;
    const match = banner.match(/App \(round robin\)\s+(?:\x1b\[1m)?(http:\/\/\S+?)(?:\x1b|\s)/);
    if (match) resolve(match[1]);
  });
  cluster.once('exit', (code) => reject(new Error(`scripts/cluster.mjs exited (${code}) before it was up`)));
});
const stop = () =>
  new Promise((resolve) =>
    cluster.exitCode !== null ? resolve() : (cluster.once('exit', resolve), cluster.kill('SIGTERM')),
  );

/** The api, worker and acquirer processes under cluster.mjs, found through /proc. */
function processes() {
  const children = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(Number(pid), ppid);
    } catch {
      /* gone */
    }
  }
  const ours = [...children].filter(([, ppid]) => ppid === cluster.pid).map(([pid]) => pid);
  return ours.flatMap((pid) => {
    try {
      const command =
        readFileSync(`/proc/${pid}/cmdline`, 'utf8')
          .split('\0')
          .find((part) => part.includes('/src/main.js')) ?? '';
      const rss = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
      return [{ pid, name: command.split('/apps/')[1]?.split('/')[0] ?? '?', rss }];
    } catch {
      return [];
    }
  });
}

const statuses = new Map();
const failures = [];
let requests = 0;
async function call(method, path, { token, body, ip } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'x-forwarded-for': ip ?? `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).catch((error) => ({ status: 0, error, text: async () => String(error) }));
  const text = await response.text();
  requests += 1;
  const key = `${method} ${path.split('?')[0]} ${response.status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  if (response.status >= 500 || response.status === 0) failures.push(`${key}: ${text.slice(0, 200)}`);
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: null };
  }
}

async function client(deadline) {
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const signIn = await call('POST', '/auth/v1/token?grant_type=password', {
    ip,
    body: { email: 'fan@fanmint.local', password: 'Fan-demo-2026!' },
  });
  let session = signIn.body;
  while (Date.now() < deadline) {
    const roll = randomInt(100);
    if (roll < 35) await call('GET', ['/', '/faq', '/sign-up', '/health'][randomInt(4)]);
    else if (roll < 55) await call('GET', ['/api/stores', '/api/categories', '/api/config'][randomInt(3)]);
    else if (roll < 80 && session?.access_token)
      await call('GET', ['/auth/v1/user', '/api/purchases', '/api/favorites', '/api/dashboard/summary'][randomInt(4)], {
        token: session.access_token,
      });
    else if (live && roll < 84 && session?.access_token) await browseAndBuy(session.access_token);
    else if (roll < 88 && session?.refresh_token) {
      const refreshed = await call('POST', '/auth/v1/token?grant_type=refresh_token', {
        ip,
        body: { refresh_token: session.refresh_token },
      });
      if (refreshed.status === 200) session = refreshed.body;
    } else if (roll < 95)
      await call('POST', '/auth/v1/signup', {
        body: { email: `soak-${randomBytes(5).toString('hex')}@example.test`, password: 'Soak-Test-2026!' },
      });
    else
      await call('POST', '/auth/v1/token?grant_type=password', {
        ip,
        body: { email: 'fan@fanmint.local', password: 'Fan-demo-2026!' },
      }).then((answer) => answer.status === 200 && (session = answer.body));
  }
}

/** The demo store and its items, then a checkout for one of them (201, or a 4xx when the fan owns it). */
async function browseAndBuy(token) {
  await call('GET', `/api/stores/${STORE}`, { token });
  const items = (await call('GET', `/api/stores/${STORE}/content`, { token })).body?.items ?? [];
  const item = items[randomInt(Math.max(items.length, 1))];
  if (!item) return;
  const response = await fetch(`${baseUrl}/api/purchases`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': `soak-${randomBytes(8).toString('hex')}`,
    },
    body: JSON.stringify({ kind: 'content', contentId: item.id, method: 'card', returnTo: `/stores/${STORE}` }),
  }).catch((error) => ({ status: 0, text: async () => String(error) }));
  const text = await response.text();
  requests += 1;
  statuses.set(
    `POST /api/purchases ${response.status}`,
    (statuses.get(`POST /api/purchases ${response.status}`) ?? 0) + 1,
  );
  if (response.status >= 500 || response.status === 0)
    failures.push(`POST /api/purchases ${response.status}: ${text.slice(0, 200)}`);
}

/** The demo creator: a new album every few seconds, a photo uploaded into it with tus (the workers process it). */
async function creator(deadline) {
  const signIn = await call('POST', '/auth/v1/token?grant_type=password', {
    body: { email: 'creator@fanmint.local', password: 'Creator-demo-2026!' },
  });
  const token = signIn.body?.access_token;
  if (!token) return;
  for (let n = 0; Date.now() < deadline; n++) {
    const album = await call('POST', '/api/content', {
      token,
      body: { kind: 'album', title: `Soak album ${n}`, priceMinor: 999, currency: 'EUR' },
    });
    if (album.status !== 201) continue;
    const photo = await sharp({
      create: {
        width: 1200,
        height: 800,
        channels: 3,
        background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
      },
    })
      .jpeg()
      .toBuffer();
    const status = await new Promise((resolve) => {
      new Upload(photo, {
        endpoint: `${baseUrl}/api/uploads`,
        headers: { authorization: `Bearer ${token}` },
        metadata: { contentId: album.body.id, filename: `soak-${n}.jpg`, filetype: 'image/jpeg' },
        chunkSize: 256 * 1024,
        retryDelays: [],
        onSuccess: () => resolve(204),
        onError: (error) => resolve(error.originalResponse?.getStatus() ?? 0),
      }).start();
    });
    requests += 1;
    statuses.set(`tus upload ${status}`, (statuses.get(`tus upload ${status}`) ?? 0) + 1);
    if (status >= 500 || status === 0) failures.push(`tus upload ${status}`);
    await sleep(3000);
  }
}

const started = Date.now();
const samples = [];
const sampler = setInterval(
  () => samples.push({ at: Math.round((Date.now() - started) / 1000), processes: processes() }),
  Number(args.sample) * 1000,
);
samples.push({ at: 0, processes: processes() });
try {
  await Promise.all([
    ...Array.from({ length: Number(args.clients) }, () => client(started + durationMs)),
    ...(live ? [creator(started + durationMs)] : []),
  ]);
  await sleep(1000);
  samples.push({ at: Math.round((Date.now() - started) / 1000), processes: processes() });
} finally {
  clearInterval(sampler);
  await stop();
}

const seconds = (Date.now() - started) / 1000;
console.log(
  `\nsoak: ${requests} requests in ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(1)}/s) against ${baseUrl}`,
);
console.log(
  [...statuses]
    .sort()
    .map(([key, n]) => `  ${key}: ${n}`)
    .join('\n'),
);
console.log('\nRSS (MB) over time:');
const names = samples[0].processes.map((each) => `${each.name}#${each.pid}`);
console.log(`  ${'t (s)'.padEnd(7)}${names.map((name) => name.padEnd(18)).join('')}`);
for (const sample of samples)
  console.log(
    `  ${String(sample.at).padEnd(7)}${samples[0].processes.map((first) => (sample.processes.find((each) => each.pid === first.pid)?.rss.toFixed(0) ?? '-').padEnd(18)).join('')}`,
  );
console.log(
  failures.length
    ? `\nFAIL: ${failures.length} 5xx or failed requests, e.g.\n  ${failures.slice(0, 10).join('\n  ')}`
    : '\nPASS: zero 5xx',
);
process.exit(failures.length ? 1 : 0);
