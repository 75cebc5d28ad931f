import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  authClient,
  clientIp,
  startCluster,
  startPrivatePostgres,
  startPrivateRedis,
  STRONG_PASSWORD,
  uniqueEmail,
  waitFor,
  type Cluster,
} from '#app/testing';

/**
 * 2 api + 2 worker processes on a PostgreSQL and a Redis of this suite's own, which it stops and
 * starts (never the machine's, which other suites share).
 */
const REDIS_OUTAGE_MS = 30_000;
const POSTGRES_OUTAGE_MS = 10_000;
let cluster: Cluster;
let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
let postgres: Awaited<ReturnType<typeof startPrivatePostgres>>;

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startPrivateRedis(), startPrivatePostgres()]);
  cluster = await startCluster({
    apis: 2,
    workers: 2,
    acquirer: false,
    redisUrl: redis.url,
    postgresAdminUrl: postgres.adminUrl,
  });
}, 240_000);

afterAll(async () => {
  await postgres?.start().catch(() => undefined);
  await cluster?.close();
  await Promise.all([redis?.close(), postgres?.close()]);
  // Four processes drain and exit one after another: on a loaded 2-core machine that outlasts the default minute.
}, 180_000);

/** A fixed pause: only for the outages themselves and the pace of the load run through them. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request that must answer within 10 s (a hang fails it); status 0 when the connection failed. */
async function call(baseUrl: string, method: string, path: string, token?: string, body?: unknown, ip = clientIp()) {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: Date.now() - started };
  } catch (error) {
    return { status: (error as Error).name === 'TimeoutError' ? -1 : 0, ms: Date.now() - started };
  }
}

async function signedIn() {
  const email = uniqueEmail('outage');
  const ip = clientIp();
  expect(
    (await call(cluster.next(), 'POST', '/auth/v1/signup', undefined, { email, password: STRONG_PASSWORD }, ip)).status,
  ).toBe(200);
  const mail = await cluster.inbox.waitFor(email, /Confirm/, { timeoutMs: 60_000 });
  const token = new URL(mail.links.find((href) => href.includes('/verify-email?token='))!).searchParams.get('token')!;
  expect(
    (
      await call(
        cluster.next(),
        'GET',
        `/api/users/verify-email?token=${encodeURIComponent(token)}`,
        undefined,
        undefined,
        ip,
      )
    ).status,
  ).toBe(200);
  const { data, error } = await authClient(cluster.next(), ip).signInWithPassword({ email, password: STRONG_PASSWORD });
  expect(error).toBeNull();
  return data.session!.access_token;
}

/** Every outbox row published and no job left to run: a second send of a mail would have happened by then. */
const settledOutbox = () => cluster.settled(60_000);

describe('parts of the platform fail and nothing is lost', () => {
  it(`keeps answering through a ${REDIS_OUTAGE_MS / 1000} s Redis outage; the outbox holds the mail, which arrives once after`, async () => {
    const token = await signedIn();
    await redis.stop();
    const outageEnds = Date.now() + REDIS_OUTAGE_MS;
    const emails: string[] = [];
    const answers: { what: string; status: number; ms: number }[] = [];
    while (Date.now() < outageEnds - 3000) {
      const email = uniqueEmail('during');
      emails.push(email);
      const [user, update, signUp] = await Promise.all([
        call(cluster.next(), 'GET', '/auth/v1/user', token),
        call(cluster.next(), 'PUT', '/auth/v1/user', token, { data: { outage_note: email } }),
        call(cluster.next(), 'POST', '/auth/v1/signup', undefined, { email, password: STRONG_PASSWORD }),
      ]);
      answers.push({ what: 'user', ...user }, { what: 'update', ...update }, { what: 'signup', ...signUp });
      await sleep(1000);
    }
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // Nothing could be published: the confirmations wait in the outbox.
    const { rows } = await cluster.db.query<{ n: number }>(
      `select count(*)::int as n from outbox_message where published_at is null and job_name = 'send-email'`,
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(emails.length);
    expect(emails.some((email) => cluster.inbox.for(email).length > 0)).toBe(false);
    await sleep(Math.max(0, outageEnds - Date.now()));
    await redis.start();

    await Promise.all(emails.map((email) => cluster.inbox.waitFor(email, /Confirm/, { timeoutMs: 120_000 })));
    await settledOutbox();
    expect(emails.map((email) => cluster.inbox.for(email).length)).toEqual(emails.map(() => 1));
  }, 300_000);

  it(`answers 503 while PostgreSQL restarts under load (${POSTGRES_OUTAGE_MS / 1000} s down) and recovers without a restart`, async () => {
    const token = await signedIn();
    const statuses: { phase: string; status: number; ms: number }[] = [];
    let phase = 'before';
    let running = true;
    const load = Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        while (running) {
          const answer =
            i % 2
              ? await call(cluster.next(), 'GET', '/auth/v1/user', token)
              : await call(cluster.next(), 'PUT', '/auth/v1/user', token, { data: { load: Date.now() } });
          statuses.push({ phase, ...answer });
          await sleep(100);
        }
      }),
    );
    const answered = (name: string, count: number) => () =>
      statuses.filter((answer) => answer.phase === name).length >= count;
    await waitFor(answered('before', 10), { timeoutMs: 30_000, what: 'load answered before the outage' });
    phase = 'down';
    await postgres.stop('fast');
    await sleep(POSTGRES_OUTAGE_MS);
    await postgres.start();
    phase = 'after';
    // Recovered: both instances answer 200 again within 30 s, without being restarted.
    const recovered = () => statuses.filter((answer) => answer.phase === 'after' && answer.status === 200).length >= 20;
    await waitFor(recovered, { timeoutMs: 30_000, intervalMs: 100 }).catch(() => undefined);
    phase = 'recovered';
    await waitFor(answered('recovered', 10), { timeoutMs: 30_000, what: 'load answered after the recovery' });
    running = false;
    await load;

    const by = (name: string) => statuses.filter((answer) => answer.phase === name);
    expect(by('before').every((answer) => answer.status === 200)).toBe(true);
    const down = by('down');
    expect(down.length).toBeGreaterThan(10);
    // Not a 500, not a hang, not a dropped connection: 503 (or a request that completed before the stop).
    expect(down.filter((answer) => answer.status !== 503 && answer.status !== 200)).toEqual([]);
    expect(down.filter((answer) => answer.status === 503).length).toBeGreaterThan(5);
    expect(by('recovered').length).toBeGreaterThan(5);
    expect(by('recovered').filter((answer) => answer.status !== 200)).toEqual([]);
    expect(statuses.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
    // Writes and the worker work again: a sign-up's confirmation arrives.
    const email = uniqueEmail('after');
    expect(
      (await call(cluster.next(), 'POST', '/auth/v1/signup', undefined, { email, password: STRONG_PASSWORD })).status,
    ).toBe(200);
    await cluster.inbox.waitFor(email, /Confirm/, { timeoutMs: 60_000 });
  }, 300_000);
});
