import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { Clock } from '../clock/clock.js';
import {
  ObjectStorage,
  StorageUnavailable,
  assertStorageKey,
  contentTypeOf,
  type ByteRange,
  type PutOptions,
  type SignedUrlOptions,
  type StoredObject,
} from './object-storage.js';

export interface S3Settings {
  endpoint?: string;
  /** The address presigned links name (browsers or a CDN reach the bucket there); default: endpoint. */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Parts of a streamed upload: S3 takes at least 5 MB per part but the last. */
const PART_BYTES = 8 * 1024 * 1024;
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'TimeoutError',
  'RequestTimeout',
]);

interface SdkError {
  name?: string;
  code?: string;
  Code?: string;
  errors?: SdkError[];
  cause?: unknown;
  $metadata?: { httpStatusCode?: number };
}

/** A store that cannot be reached or answers 5xx: the request gets 503, not 500. */
export function isStorageOutage(error: unknown): boolean {
  const e = error as SdkError | undefined;
  if (!e || typeof e !== 'object') return false;
  if (NETWORK_ERRORS.has(e.code ?? '') || NETWORK_ERRORS.has(e.name ?? '')) return true;
  if (Array.isArray(e.errors) && e.errors.some(isStorageOutage)) return true;
  if (e.cause && e.cause !== error && isStorageOutage(e.cause)) return true;
  // The SDK's retry wraps a non-Error (an error from another realm) as "AWS SDK error wrapper for Error: connect ECONNREFUSED …".
  if (
    /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)\b|socket hang up/.test(
      (error as Error).message ?? '',
    )
  )
    return true;
  return (e.$metadata?.httpStatusCode ?? 0) >= 500;
}

const notFound = (error: unknown) => {
  const e = error as SdkError;
  return (
    e.name === 'NoSuchKey' || e.name === 'NotFound' || e.Code === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404
  );
};

/** The client settings both this adapter and the tus S3 store use. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: MinIO, s3rver and others reject the trailing-checksum chunked encoding.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3000 },
  };
}

/** The origin presigned links point at (path style: the endpoint's; else the bucket's own host). */
export function presignedOrigin(settings: S3Settings): string {
  const endpoint = settings.publicEndpoint ?? settings.endpoint;
  if (!endpoint) return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
  const url = new URL(endpoint);
  return settings.forcePathStyle ? url.origin : `${url.protocol}//${settings.bucket}.${url.host}`;
}

/** Objects in one private bucket (S3, MinIO, R2 …); nothing in it is public, browsers get presigned links. */
export class S3ObjectStorage extends ObjectStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  /** Signs links for the public endpoint (signing is offline: this client never connects). */
  private readonly signer: S3Client;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly clock: Clock,
  ) {
    super();
    this.bucket = settings.bucket;
    this.client = new S3Client(s3ClientConfig(settings));
    this.signer = settings.publicEndpoint
      ? new S3Client({ ...s3ClientConfig(settings), endpoint: settings.publicEndpoint })
      : this.client;
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions = {}): Promise<void> {
    assertStorageKey(key);
    const ContentType = options.contentType ?? contentTypeOf(key);
    if (Buffer.isBuffer(body))
      return this.call(() =>
        this.client
          .send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType }))
          .then(() => undefined),
      );
    return this.call(() => this.putStream(key, body, ContentType));
  }

  /** A stream of unknown length: one PutObject when it fits a part, else a multipart upload, aborted on failure so no part lingers. */
  private async putStream(key: string, body: Readable, ContentType: string): Promise<void> {
    let uploadId: string | undefined;
    const parts: { ETag?: string; PartNumber: number }[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const chunk = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      uploadId ??= (
        await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType }))
      ).UploadId;
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: chunk }),
      );
      parts.push({ ETag, PartNumber });
    };
    try {
      for await (const piece of body) {
        pending.push(Buffer.from(piece as Buffer));
        pendingBytes += (piece as Buffer).length;
        if (pendingBytes >= PART_BYTES) await flush();
      }
      if (!uploadId) {
        await this.client.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: Buffer.concat(pending), ContentType }),
        );
        return;
      }
      if (pendingBytes > 0) await flush();
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      if (uploadId)
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
          .catch(() => undefined);
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Buffer | null> {
    const body = await this.stream(key, range);
    if (!body) return null;
    return this.call(async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    assertStorageKey(key);
    return this.call(async () => {
      try {
        const response = await this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return response.Body as Readable;
      } catch (error) {
        if (notFound(error)) return null;
        // A range past the end (an empty object): no bytes, as a file read there gives.
        if (range && (error as SdkError).$metadata?.httpStatusCode === 416) return Readable.from([]);
        throw error;
      }
    });
  }

  async head(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    return this.call(async () => {
      try {
        const response = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
        return { size: response.ContentLength ?? 0, contentType: response.ContentType ?? contentTypeOf(key) };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    assertStorageKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: options.contentDisposition,
      ResponseContentType: options.contentType,
    });
    // Signed at the platform clock's time, so the link's lifetime follows the injected clock.
    return getSignedUrl(this.signer, command, { expiresIn: options.expiresInSeconds, signingDate: this.clock.now() });
  }

  async ping(): Promise<void> {
    await this.call(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  onModuleDestroy(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw isStorageOutage(error) ? new StorageUnavailable(error) : error;
    }
  }
}
