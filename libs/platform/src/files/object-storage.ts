import type { Readable } from 'node:stream';
import { AppError } from '../http/app-error.js';

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  size: number;
  contentType: string;
}

export interface PutOptions {
  contentType?: string;
}

export interface SignedUrlOptions {
  expiresInSeconds: number;
  /** Sent back as the response's Content-Disposition and Content-Type (the store answers with them). */
  contentDisposition?: string;
  contentType?: string;
}

/** The object store is down or unreachable: the caller answers 503 and keeps nothing half-written. */
export class StorageUnavailable extends AppError {
  constructor(cause?: unknown) {
    super(
      503,
      'storage_unavailable',
      'File storage is unavailable right now. Nothing was saved; try again in a minute.',
    );
    this.cause = cause;
  }
}

export class InvalidStorageKey extends Error {}

// Segments start with a letter or digit, so neither `..` nor a hidden file can be named.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 512) throw new InvalidStorageKey(`Invalid storage key ${key}`);
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
};

/** A key's content type from its extension (what we stored it as); unknown ones are opaque bytes. */
export const contentTypeOf = (key: string) =>
  TYPES[/\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * Where file bytes live (uploads, processed media, store images, sealed private files): local disk
 * or an S3-compatible bucket. Keys are `/`-separated paths; a write is atomic for readers (they see
 * the old object or the whole new one); a missing object answers null, never throws.
 */
export abstract class ObjectStorage {
  abstract readonly kind: 'local' | 's3';

  abstract put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<void>;

  /** The object's bytes (or the range's), or null when there is none. */
  abstract get(key: string, range?: ByteRange): Promise<Buffer | null>;

  /** A stream of the object (or the range), opened before it is returned: null when there is none. */
  abstract stream(key: string, range?: ByteRange): Promise<Readable | null>;

  abstract head(key: string): Promise<StoredObject | null>;

  /** Removes the object; a missing one is fine. */
  abstract delete(key: string): Promise<void>;

  /** A short-lived URL a browser can GET the object from directly, or null when this store has none (local disk). */
  abstract signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>;

  /** Throws when the store cannot be reached (readiness). */
  abstract ping(): Promise<void>;

  async deleteMany(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.delete(key)));
  }
}
