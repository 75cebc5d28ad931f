import { Inject, Injectable, Logger } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { LocalObjectStorage } from './local-object-storage.js';
import { ObjectStorage } from './object-storage.js';

const MAGIC = Buffer.from('FMENC1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_PATTERN = /^[a-z0-9-]+\/\d{4}-\d{2}\/[0-9a-f-]{36}\.bin$/;

export class PrivateFileError extends Error {}

/** The record names a file storage no longer has: data loss to log, a 404 to the caller. */
export class MissingPrivateFileError extends PrivateFileError {}

/** The data key: DATA_ENCRYPTION_KEY when set, else derived from JWT_SECRET for this one purpose. */
export function dataEncryptionKey(config: Pick<AppConfig, 'DATA_ENCRYPTION_KEY' | 'JWT_SECRET'>): Buffer {
  if (config.DATA_ENCRYPTION_KEY) return Buffer.from(config.DATA_ENCRYPTION_KEY, 'base64');
  return Buffer.from(hkdfSync('sha256', config.JWT_SECRET, 'fanmint', 'private-files', 32));
}

/**
 * Private files (ID documents, release forms, avatars): AES-256-GCM sealed in this process before
 * they reach storage (under `private/`), each bound to its own key (its storage name is the
 * authenticated data, so a file copied over another does not decrypt), never served by a public route.
 */
@Injectable()
export class PrivateFiles {
  private readonly logger = new Logger(PrivateFiles.name);
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {
    this.key = dataEncryptionKey(config);
  }

  /** Stores the bytes encrypted and returns their key, e.g. `verification/2026-11/<uuid>.bin`. */
  async put(namespace: string, data: Buffer, now = new Date()): Promise<string> {
    if (!/^[a-z0-9-]+$/.test(namespace)) throw new PrivateFileError(`Invalid namespace ${namespace}`);
    const key = `${namespace}/${now.toISOString().slice(0, 7)}/${randomUUID()}.bin`;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(key));
    const sealed = Buffer.concat([cipher.update(data), cipher.final()]);
    await this.storage.put(this.storageKey(key), Buffer.concat([MAGIC, iv, cipher.getAuthTag(), sealed]), {
      contentType: 'application/octet-stream',
    });
    return key;
  }

  async get(key: string): Promise<Buffer> {
    const box = await this.storage.get(this.storageKey(key));
    if (!box) {
      this.logger.error(`Private file ${key} is missing from storage`);
      throw Object.assign(new MissingPrivateFileError(`${key} is missing`), { code: 'ENOENT' });
    }
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
    await this.storage.delete(this.storageKey(key));
  }

  /** The object's key in storage; refuses anything but our own key shape (no path traversal). */
  storageKey(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new PrivateFileError(`Invalid private file key ${key}`);
    return `private/${key}`;
  }

  /** Where a key lives on local disk (tests and operators); only the local store has paths. */
  pathOf(key: string): string {
    if (!(this.storage instanceof LocalObjectStorage))
      throw new PrivateFileError('Private files are in object storage, not on this disk');
    return this.storage.pathOf(this.storageKey(key));
  }
}
