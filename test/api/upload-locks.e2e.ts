import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ERRORS } from '@tus/server';
import { UploadLocker, UPLOAD_LOCK_NAMESPACE } from '#app/content-moderation';
import { LeaseLocks, type AppConfig } from '#app/platform';
import {
  staffSession,
  startTestPlatform,
  testDatabaseUrl,
  verifiedCreator,
  waitFor,
  type TestPlatform,
} from '#app/testing';

/**
 * tus uploads behind a load balancer: the upload locker is shared by every api instance, on Redis
 * and on the embedded default (PostgreSQL).
 */
const backends = ['redis', 'postgres'] as const;
/** A fixed pause: only for time that is itself the behaviour (a holder busy for a while, leases outlived). */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  await waitFor(check, { timeoutMs, what });
}

describe.each(backends)('the upload locker between two instances, %s', (backend) => {
  const prefix = `tl${randomBytes(4).toString('hex')}`;
  let config: AppConfig;
  const instances: LeaseLocks[] = [];
  /** One LeaseLocks is one api instance's. */
  const instance = (leaseMs = 15_000) => {
    const locks = new LeaseLocks(config, { leaseMs });
    instances.push(locks);
    return locks;
  };
  const never = () => new AbortController().signal;
  let redis: Redis | null = null;
  let db: pg.Client;

  /** Ends `id`'s lease in the store now, as if its holder had paused for longer than its lease. */
  const expireInStore = async (id: string) => {
    const key = `${prefix}:lease:${UPLOAD_LOCK_NAMESPACE}:${id}`;
    if (redis)
      await redis
        .pexpire(key, 1)
        .then(() => waitUntil(async () => (await redis!.exists(key)) === 0, 'the lease to lapse in Redis'));
    else
      await db.query(
        `update lease_locks set expires_at = clock_timestamp() - interval '1 second' where namespace = $1 and key = $2`,
        [UPLOAD_LOCK_NAMESPACE, id],
      );
  };
  const storedLocks = async (id: string) =>
    redis
      ? await redis.exists(`${prefix}:lease:${UPLOAD_LOCK_NAMESPACE}:${id}`)
      : Number(
          (
            await db.query(`select count(*) from lease_locks where namespace = $1 and key = $2`, [
              UPLOAD_LOCK_NAMESPACE,
              id,
            ])
          ).rows[0].count,
        );

  beforeAll(async () => {
    config = {
      DATABASE_URL: testDatabaseUrl(),
      REDIS_PREFIX: prefix,
      ...(backend === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    } as AppConfig;
    if (backend === 'redis') redis = new Redis(process.env.TEST_REDIS_URL!);
    db = new pg.Client({ connectionString: testDatabaseUrl() });
    await db.connect();
  });

  afterAll(async () => {
    await Promise.all(instances.map((locks) => locks.onApplicationShutdown()));
    await redis?.quit();
    await db.end();
  });

  it('is exclusive across instances: the second waits, asks the holder, and times out as tus MemoryLocker does', async () => {
    const [a, b] = [new UploadLocker(instance(), 30_000), new UploadLocker(instance(), 700)];
    const id = randomUUID();
    let asked = 0;
    const held = a.newLock(id);
    await held.lock(never(), () => {
      asked++;
    });
    const started = Date.now();
    await expect(b.newLock(id).lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    // The request to let go reached the holder on the other instance (it chose not to).
    expect(asked).toBeGreaterThanOrEqual(1);
    await held.unlock();
    const next = b.newLock(id);
    await next.lock(never(), () => undefined);
    await next.unlock();
    expect(await storedLocks(id)).toBe(0);
  });

  it('delivers the release request to the holder, which unlocks, and the waiter gets the lock', async () => {
    const [a, b, c] = [
      new UploadLocker(instance()),
      new UploadLocker(instance(), 5_000),
      new UploadLocker(instance(), 300),
    ];
    const id = randomUUID();
    const first = a.newLock(id);
    let released = false;
    await first.lock(never(), async () => {
      // What tus does: the holder's request ends, and its handler unlocks.
      await sleep(100);
      await first.unlock();
      released = true;
    });
    const second = b.newLock(id);
    await second.lock(never(), () => undefined);
    expect(released).toBe(true);
    // The waiter now holds it: a third instance cannot take it.
    await expect(c.newLock(id).lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await second.unlock();
  });

  it("frees a crashed instance's lock when its lease runs out", async () => {
    const crashed = instance(600);
    const id = randomUUID();
    await new UploadLocker(crashed).newLock(id).lock(never(), () => undefined);
    // The instance dies holding it: no unlock, no more renewals, nobody to answer release requests.
    await crashed.onApplicationShutdown();
    const waiter = new UploadLocker(instance(), 15_000).newLock(id);
    const started = Date.now();
    await waiter.lock(never(), () => undefined);
    const waited = Date.now() - started;
    // About one lease (600 ms); the bound leaves room for a loaded machine, far below the waiter's 15 s.
    expect(waited).toBeGreaterThan(100);
    expect(waited).toBeLessThan(5_000);
    await waiter.unlock();
  });

  it('keeps a live holder past its lease by renewing it', async () => {
    // A 5 s lease renewed every third of it: a renewal must come over three seconds late to lose it. A busy
    // machine (three suites, browsers and PostgreSQL on two cores) made one come over a second late with a 2 s lease.
    const [a, b] = [new UploadLocker(instance(5_000)), new UploadLocker(instance(5_000), 600)];
    const id = randomUUID();
    const held = a.newLock(id);
    await held.lock(never(), () => undefined);
    // Outliving two leases is the point.
    await sleep(10_200);
    await expect(b.newLock(id).lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });

  it('lets only the holder unlock: a lock never taken refuses, and a holder whose lease was lost leaves its successor alone', async () => {
    const [a, b, c] = [
      new UploadLocker(instance(60_000)),
      new UploadLocker(instance(), 5_000),
      new UploadLocker(instance(), 300),
    ];
    const id = randomUUID();
    await expect(a.newLock(id).unlock()).rejects.toThrow('Releasing an unlocked lock!');

    const stale = a.newLock(id);
    await stale.lock(never(), () => undefined);
    // Another instance's lock object for the same upload cannot release it.
    await expect(b.newLock(id).unlock()).rejects.toThrow('Releasing an unlocked lock!');
    expect(await storedLocks(id)).toBe(1);

    await expireInStore(id);
    const successor = b.newLock(id);
    await successor.lock(never(), () => undefined);
    await stale.unlock();
    expect(await storedLocks(id)).toBe(1);
    await expect(c.newLock(id).lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await successor.unlock();
    expect(await storedLocks(id)).toBe(0);
  });

  it('asks a holder whose lease was taken over (it paused for longer than the lease) to stop', async () => {
    const [a, b] = [new UploadLocker(instance(900)), new UploadLocker(instance(), 5_000)];
    const id = randomUUID();
    let stopped = 0;
    const stale = a.newLock(id);
    await stale.lock(never(), () => {
      stopped++;
    });
    await expireInStore(id);
    const successor = b.newLock(id);
    await successor.lock(never(), () => undefined);
    // Its next renewal finds another token: the holder's request is told to end, and its unlock changes nothing.
    await waitUntil(() => stopped > 0, "the stale holder's stop", 3_000);
    await stale.unlock();
    expect(await storedLocks(id)).toBe(1);
    await successor.unlock();
    expect(await storedLocks(id)).toBe(0);
  });

  it('gives up waiting when the request stops (its client went away)', async () => {
    const [a, b] = [new UploadLocker(instance()), new UploadLocker(instance(), 10_000)];
    const id = randomUUID();
    const held = a.newLock(id);
    await held.lock(never(), () => undefined);
    const stop = new AbortController();
    const started = Date.now();
    setTimeout(() => stop.abort(), 200);
    await expect(b.newLock(id).lock(stop.signal, () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeLessThan(2_000);
    await held.unlock();
    expect(await storedLocks(id)).toBe(0);
  });
});

describe('the upload locker with its store unreachable', () => {
  it.each(backends)('answers 503 upload_lock_unavailable on %s, within seconds', async (backend) => {
    // Nothing listens on port 9 of this machine.
    const config = {
      DATABASE_URL: 'postgres://fanmint@127.0.0.1:9/fanmint',
      REDIS_PREFIX: 'tlgone',
      ...(backend === 'redis' ? { REDIS_URL: 'redis://127.0.0.1:9' } : {}),
    } as AppConfig;
    const locks = new LeaseLocks(config);
    try {
      const started = Date.now();
      const refusal = await new UploadLocker(locks, 30_000)
        .newLock(randomUUID())
        .lock(new AbortController().signal, () => undefined)
        .then(
          () => null,
          (error: unknown) => error as { status_code?: number; body?: string },
        );
      expect(refusal?.status_code).toBe(503);
      expect(JSON.parse(refusal!.body!)).toMatchObject({ code: 'upload_lock_unavailable' });
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await locks.onApplicationShutdown();
    }
  });
});

describe.each(backends)('a tus upload resumed on another api instance while the first still writes, %s', (backend) => {
  const storageDir = mkdtempSync(join(tmpdir(), 'fanmint-tuslock-'));
  let a: TestPlatform;
  let b: TestPlatform;
  let token = '';
  let contentId = '';

  beforeAll(async () => {
    // One database, one Redis namespace, one secret, one public address and one upload area, as instances behind a load balancer share.
    const env = {
      LAUNCH_PHASE: 'live',
      STORAGE_DIR: storageDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_PREFIX: `tu${randomBytes(4).toString('hex')}`,
      PUBLIC_URL: 'http://balancer.fanmint.test',
    };
    [a, b] = await Promise.all([
      // A's worker sends the sign-up mail of the test's creator.
      startTestPlatform({ queueBackend: backend, acquirer: false, env }),
      startTestPlatform({ queueBackend: backend, acquirer: false, worker: false, env }),
    ]);
    const moderator = await staffSession(a, 'moderator');
    token = (await verifiedCreator(a, { moderator })).token;
    // Its media job would move the finished upload away before the test reads it.
    await a.closeWorker();
    const created = await fetch(`${a.baseUrl}/api/content`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'video', title: 'Two doors', priceMinor: 999, currency: 'USD' }),
    });
    expect(created.status).toBe(201);
    contentId = ((await created.json()) as { id: string }).id;
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  const tusHeaders = () => ({ authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' });

  it("ends instance A's PATCH when instance B resumes the same upload, and B finishes it intact", async () => {
    // An MP4's first bytes (what the upload check sniffs), then noise: 2 MiB in all.
    const head = Buffer.alloc(32);
    head.writeUInt32BE(32, 0);
    head.write('ftypisom', 4, 'latin1');
    const file = Buffer.concat([head, randomBytes(2 * 1024 * 1024 - head.length)]);
    const created = await fetch(`${a.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders(),
        'upload-length': String(file.length),
        'upload-metadata': `contentId ${Buffer.from(contentId).toString('base64')},filename ${Buffer.from('two-doors.mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const uploadId = location.split('/').pop()!;
    const stored = join(storageDir, 'uploads', uploadId);

    // A's client streams slowly and keeps going until its request ends.
    let sentToA = 0;
    let aEnded = false;
    let aStatus: number | null = null;
    const patchA: ClientRequest = httpRequest(`${a.baseUrl}${location}`, {
      method: 'PATCH',
      headers: { ...tusHeaders(), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    void new Promise<void>((resolve) => {
      patchA.on('response', (response) => {
        aStatus = response.statusCode ?? null;
        response.resume();
        response.on('end', resolve);
      });
      patchA.on('error', () => resolve());
      patchA.on('close', () => resolve());
    }).then(() => {
      aEnded = true;
    });
    const writer = setInterval(() => {
      if (aEnded || patchA.destroyed || sentToA + 8192 > file.length / 2) return;
      patchA.write(file.subarray(sentToA, sentToA + 8192));
      sentToA += 8192;
    }, 20);
    try {
      await waitUntil(
        () => statSync(stored, { throwIfNoEntry: false })?.size !== undefined && statSync(stored).size >= 64 * 1024,
        'A to be writing',
      );
      expect(aEnded).toBe(false);

      // The client, reconnected through the balancer to B, asks where the upload stands: B waits for A's lock,
      // asks A to let go, and answers only once A's request has stopped writing.
      const headB = await fetch(`${b.baseUrl}${location}`, { method: 'HEAD', headers: tusHeaders() });
      expect(headB.status).toBe(200);
      // A's request is over by then (tus ends it after its lock drain time), not still taking bytes.
      await waitUntil(() => aEnded, "A's request to end", 1_000).catch(() => undefined);
      expect(aEnded).toBe(true);
      const offset = Number(headB.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(64 * 1024);
      expect(offset).toBeLessThanOrEqual(sentToA);
      if (aStatus !== null) expect([204, 400, 409, 410, 423, 460, 500]).toContain(aStatus);
      expect(statSync(stored).size).toBe(offset);

      // B takes the rest from there; nothing of A's reaches the file afterwards.
      const patchB = await fetch(`${b.baseUrl}${location}`, {
        method: 'PATCH',
        headers: {
          ...tusHeaders(),
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: file.subarray(offset),
      });
      expect(patchB.status).toBe(204);
      expect(Number(patchB.headers.get('upload-offset'))).toBe(file.length);
    } finally {
      clearInterval(writer);
      patchA.destroy();
    }
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(sha(readFileSync(stored))).toBe(sha(file));
    const media = await fetch(`${a.baseUrl}/api/content/${contentId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await media.json()) as { media: { sizeBytes?: unknown }[] }).media).toHaveLength(1);
  });
});
