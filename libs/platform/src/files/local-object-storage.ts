import { randomUUID } from 'node:crypto';
import { createWriteStream, constants } from 'node:fs';
import { access, mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ObjectStorage,
  StorageUnavailable,
  assertStorageKey,
  contentTypeOf,
  type ByteRange,
  type StoredObject,
} from './object-storage.js';

// A full or failing disk is an outage (503), not a bug in the request.
const OUTAGES = new Set(['ENOSPC', 'EIO', 'EROFS', 'EDQUOT']);
const outage = (error: unknown) =>
  OUTAGES.has((error as NodeJS.ErrnoException).code ?? '') ? new StorageUnavailable(error) : error;

function missing(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw outage(error);
}

// Writes in progress, outside every key's folder (no key starts with a dot): a process killed mid-write
// leaves its part here, swept once a day old, never beside the objects.
const PARTIAL_DIR = '.partial';
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

/**
 * The embedded store: files under one directory (STORAGE_DIR), a key's `/` a folder, owner-only
 * permissions. Written to a part file and renamed over the target, so a reader never sees half a file.
 */
export class LocalObjectStorage extends ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  private swept?: Promise<void>;

  /** Once per process: parts left by a process killed mid-write a day or more ago (never one still being written). */
  private async sweepStaleParts(partial: string): Promise<void> {
    const names = await readdir(partial).catch(() => [] as string[]);
    const before = Date.now() - STALE_PARTIAL_MS;
    for (const name of names) {
      const part = join(partial, name);
      const info = await stat(part).catch(() => null);
      if (info && info.mtimeMs < before) await rm(part, { force: true });
    }
  }

  /** Where a key lives on disk (operators and tests). */
  pathOf(key: string): string {
    assertStorageKey(key);
    const path = join(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key ${key}`);
    return path;
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const path = this.pathOf(key);
    const partial = join(this.root, PARTIAL_DIR);
    const temporary = join(partial, `${randomUUID()}.tmp`);
    try {
      this.swept ??= this.sweepStaleParts(partial).catch(() => undefined);
      await mkdir(partial, { recursive: true, mode: 0o700 });
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      if (Buffer.isBuffer(body)) await writeFile(temporary, body, { mode: 0o600, flag: 'wx' });
      else await pipeline(body, createWriteStream(temporary, { mode: 0o600, flags: 'wx' }));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw outage(error);
    }
  }

  async get(key: string, range?: ByteRange): Promise<Buffer | null> {
    if (!range) return readFile(this.pathOf(key)).catch(missing);
    const handle = await open(this.pathOf(key), 'r').catch(missing);
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      const end = Math.min(range.end, size - 1);
      const bytes = Buffer.alloc(Math.max(0, end - range.start + 1));
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, range.start);
      return bytes.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    const handle = await open(this.pathOf(key), 'r').catch(missing);
    return handle ? handle.createReadStream(range ? { start: range.start, end: range.end } : {}) : null;
  }

  async head(key: string): Promise<StoredObject | null> {
    const found = await stat(this.pathOf(key)).catch(missing);
    return found?.isFile() ? { size: found.size, contentType: contentTypeOf(key) } : null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true }).catch((error: unknown) => {
      throw outage(error);
    });
  }

  async signedUrl(): Promise<null> {
    return null;
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    await access(this.root, constants.W_OK);
  }
}
