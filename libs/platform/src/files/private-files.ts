import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

const MAGIC = Buffer.from('FMENC1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_PATTERN = /^[a-z0-9-]+\/\d{4}-\d{2}\/[0-9a-f-]{36}\.bin$/;

export class PrivateFileError extends Error {}

/** The data key: DATA_ENCRYPTION_KEY when set, else derived from JWT_SECRET for this one purpose. */
export function dataEncryptionKey(config: Pick<AppConfig, 'DATA_ENCRYPTION_KEY' | 'JWT_SECRET'>): Buffer {
  if (config.DATA_ENCRYPTION_KEY) return Buffer.from(config.DATA_ENCRYPTION_KEY, 'base64');
  return Buffer.from(hkdfSync('sha256', config.JWT_SECRET, 'fanmint', 'private-files', 32));
}

/**
 * Private files (ID documents): AES-256-GCM encrypted at rest, each bound to its own key (its
 * storage name is the authenticated data, so a file copied over another does not decrypt), kept
 * under STORAGE_DIR/private with owner-only permissions and never served by a public route.
 */
@Injectable()
export class PrivateFiles {
  private readonly root: string;
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = resolve(config.STORAGE_DIR, 'private');
    this.key = dataEncryptionKey(config);
  }

  /** Stores the bytes encrypted and returns their storage key, e.g. `verification/2026-11/<uuid>.bin`. */
  async put(namespace: string, data: Buffer, now = new Date()): Promise<string> {
    if (!/^[a-z0-9-]+$/.test(namespace)) throw new PrivateFileError(`Invalid namespace ${namespace}`);
    const key = `${namespace}/${now.toISOString().slice(0, 7)}/${randomUUID()}.bin`;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(key));
    const sealed = Buffer.concat([cipher.update(data), cipher.final()]);
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, Buffer.concat([MAGIC, iv, cipher.getAuthTag(), sealed]), { mode: 0o600, flag: 'wx' });
    await rename(temporary, path);
    return key;
  }

  async get(key: string): Promise<Buffer> {
    const box = await readFile(this.pathOf(key));
    if (box.length < MAGIC.length + IV_BYTES + TAG_BYTES || !box.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new PrivateFileError(`${key} is not an encrypted private file`);
    }
    const iv = box.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
    const tag = box.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(key));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(box.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      throw new PrivateFileError(`${key} failed its integrity check`);
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Where a key lives on disk (for tests and operators); refuses anything but our own key shape. */
  pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new PrivateFileError(`Invalid private file key ${key}`);
    const path = join(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new PrivateFileError(`Invalid private file key ${key}`);
    return path;
  }
}
