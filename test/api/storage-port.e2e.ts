import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  FixedClock,
  InvalidStorageKey,
  LocalObjectStorage,
  StorageUnavailable,
  type ObjectStorage,
} from '#app/platform';
import { startS3Server, waitFor, type S3TestServer } from '#app/testing';

interface Subject {
  storage: ObjectStorage;
  clock: FixedClock;
  /** Names of files in the key's folder (local disk only): nothing half-written may stay. */
  leftovers(folder: string): string[];
  s3: S3TestServer | null;
  close(): Promise<void>;
}

async function local(): Promise<Subject> {
  const dir = mkdtempSync(join(tmpdir(), 'fanmint-storage-port-'));
  return {
    storage: new LocalObjectStorage(dir),
    clock: new FixedClock(),
    leftovers: (folder) => readdirSync(join(dir, folder)),
    s3: null,
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function s3(): Promise<Subject> {
  const server = await startS3Server();
  const clock = new FixedClock();
  return { storage: server.storage(clock), clock, leftovers: () => [], s3: server, close: () => server.close() };
}

/** Holds a trickled body after `after` pieces: `reached` is called there, the rest follows once `until` resolves. */
interface TrickleHold {
  after: number;
  reached: () => void;
  until: Promise<void>;
}

/** A body that arrives in pieces over time (a slow writer), optionally held halfway or failing after `failAfter` pieces. */
function trickle(
  pieces: Buffer[],
  options: { delayMs?: number; failAfter?: number; hold?: TrickleHold } = {},
): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (options.failAfter !== undefined && sent === options.failAfter)
        return void this.destroy(new Error('connection lost'));
      if (sent === pieces.length) return void this.push(null);
      const piece = pieces[sent++];
      const push = () => setTimeout(() => this.push(piece), options.delayMs ?? 0);
      if (options.hold && sent === options.hold.after + 1) {
        options.hold.reached();
        void options.hold.until.then(push);
      } else push();
    },
  });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe.each([
  ['local disk', local],
  ['S3 (s3rver)', s3],
] as const)('storage port on %s', (_name, make) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await make();
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('puts, heads, gets (whole and by range) and deletes an object', async () => {
    const { storage } = subject;
    const bytes = randomBytes(1000);
    await storage.put('media/a-thumb.webp', bytes);
    expect(await storage.head('media/a-thumb.webp')).toEqual({ size: 1000, contentType: 'image/webp' });
    expect(await storage.get('media/a-thumb.webp')).toEqual(bytes);
    expect(await storage.get('media/a-thumb.webp', { start: 10, end: 19 })).toEqual(bytes.subarray(10, 20));
    expect(await readAll((await storage.stream('media/a-thumb.webp', { start: 990, end: 999 }))!)).toEqual(
      bytes.subarray(990),
    );
    expect(await readAll((await storage.stream('media/a-thumb.webp'))!)).toEqual(bytes);
    await storage.delete('media/a-thumb.webp');
    expect(await storage.head('media/a-thumb.webp')).toBeNull();
  });

  it('answers null for a missing key, deletes one quietly, and refuses a key that climbs out', async () => {
    const { storage } = subject;
    expect(await storage.get('media/none.jpg')).toBeNull();
    expect(await storage.get('media/none.jpg', { start: 0, end: 9 })).toBeNull();
    expect(await storage.stream('media/none.jpg')).toBeNull();
    expect(await storage.head('media/none.jpg')).toBeNull();
    await expect(storage.delete('media/none.jpg')).resolves.toBeUndefined();
    for (const key of ['../etc/passwd', 'media/../private/x', '/abs', 'media//x', '.hidden']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(InvalidStorageKey);
      await expect(storage.get(key)).rejects.toThrow(InvalidStorageKey);
    }
  });

  it('stores a large streamed body whole (several S3 parts)', async () => {
    const pieces = Array.from({ length: 21 }, () => randomBytes(1024 * 1024));
    await subject.storage.put('uploads/large', trickle(pieces));
    const stored = (await subject.storage.get('uploads/large'))!;
    expect(stored.length).toBe(21 * 1024 * 1024);
    expect(sha(stored)).toBe(sha(Buffer.concat(pieces)));
    expect(await subject.storage.head('uploads/large')).toMatchObject({ size: 21 * 1024 * 1024 });
  });

  it('overwrites atomically: a reader sees the old object until the new one is whole, and a failed write changes nothing', async () => {
    const { storage } = subject;
    const old = Buffer.alloc(64 * 1024, 'a');
    await storage.put('store-images/s-banner.webp', old);
    const pieces = Array.from({ length: 8 }, () => Buffer.alloc(8 * 1024, 'b'));
    // The writer stops halfway until the reader has looked: the new object is being written, not whole.
    let reached!: () => void;
    let resume!: () => void;
    const halfway = new Promise<void>((resolve) => (reached = resolve));
    const until = new Promise<void>((resolve) => (resume = resolve));
    const writing = storage.put('store-images/s-banner.webp', trickle(pieces, { hold: { after: 4, reached, until } }));
    await halfway;
    expect(await storage.get('store-images/s-banner.webp')).toEqual(old);
    resume();
    await writing;
    expect(await storage.get('store-images/s-banner.webp')).toEqual(Buffer.concat(pieces));

    await expect(storage.put('store-images/s-banner.webp', trickle(pieces, { failAfter: 3 }))).rejects.toThrow(
      'connection lost',
    );
    await expect(storage.put('store-images/s-new.webp', trickle(pieces, { failAfter: 3 }))).rejects.toThrow(
      'connection lost',
    );
    expect(await storage.get('store-images/s-banner.webp')).toEqual(Buffer.concat(pieces));
    expect(await storage.head('store-images/s-new.webp')).toBeNull();
    expect(subject.leftovers('store-images').filter((name) => name !== 's-banner.webp')).toEqual([]);
  });

  it('hands out a presigned GET URL that serves ranges and expires (S3 only; local disk has none)', async () => {
    const { storage, clock } = subject;
    const bytes = randomBytes(4096);
    await storage.put('media/v-clean.mp4', bytes);
    const options = {
      expiresInSeconds: 60,
      contentDisposition: 'attachment; filename="clip.mp4"',
      contentType: 'video/mp4',
    };
    if (!subject.s3) {
      expect(await storage.signedUrl('media/v-clean.mp4', options)).toBeNull();
      return;
    }
    clock.set(new Date());
    const url = (await storage.signedUrl('media/v-clean.mp4', options))!;
    expect(url.startsWith(`${subject.s3.endpoint}/${subject.s3.bucket}/media/v-clean.mp4?`)).toBe(true);
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toBe('attachment; filename="clip.mp4"');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/4096');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    // Signed two minutes ago for one minute: already expired.
    clock.set(new Date(Date.now() - 120_000));
    expect((await fetch((await storage.signedUrl('media/v-clean.mp4', options))!)).status).toBe(403);
  });

  it('answers ping while the store is up, and StorageUnavailable (503) while it is down (S3)', async () => {
    await expect(subject.storage.ping()).resolves.toBeUndefined();
    if (!subject.s3) return;
    await subject.s3.stop();
    try {
      await expect(subject.storage.ping()).rejects.toThrow(StorageUnavailable);
      const failure = await subject.storage
        .put('media/while-down.jpg', Buffer.from('x'))
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StorageUnavailable);
      expect(failure).toMatchObject({ status: 503, code: 'storage_unavailable' });
      await expect(subject.storage.get('media/v-clean.mp4')).rejects.toThrow(StorageUnavailable);
    } finally {
      await subject.s3.start();
    }
    await expect(subject.storage.ping()).resolves.toBeUndefined();
    expect(await subject.storage.head('media/while-down.jpg')).toBeNull();
  });
});

describe('local disk parts of writes cut off by a killed process', () => {
  it('keeps them out of the objects’ folders and sweeps those a day old, never one being written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fanmint-storage-parts-'));
    try {
      const partial = join(dir, '.partial');
      mkdirSync(partial, { recursive: true });
      const [stale, fresh] = [join(partial, 'stale.tmp'), join(partial, 'fresh.tmp')];
      writeFileSync(stale, 'half of a file from yesterday');
      writeFileSync(fresh, 'half of a file being written now');
      const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
      utimesSync(stale, dayAgo, dayAgo);
      const storage = new LocalObjectStorage(dir);
      await storage.put('media/a.bin', Buffer.from('whole'));
      expect(readdirSync(join(dir, 'media'))).toEqual(['a.bin']);
      await waitFor(() => !readdirSync(partial).includes('stale.tmp'), {
        timeoutMs: 1_000,
        what: 'the stale partial file swept',
      }).catch(() => undefined);
      expect(readdirSync(partial).sort()).toEqual(['fresh.tmp']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
