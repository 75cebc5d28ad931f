import type { AppConfig } from '../config/app-config.js';
import type { Clock } from '../clock/clock.js';
import { LocalObjectStorage } from './local-object-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3ObjectStorage, presignedOrigin, type S3Settings } from './s3-object-storage.js';

/** The bucket's settings when S3_BUCKET is set, else null (local disk). */
export function s3Settings(config: AppConfig): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** S3 when a bucket is configured, else the embedded default under STORAGE_DIR. */
export function createObjectStorage(config: AppConfig, clock: Clock): ObjectStorage {
  const s3 = s3Settings(config);
  return s3 ? new S3ObjectStorage(s3, clock) : new LocalObjectStorage(config.STORAGE_DIR);
}

/** Origins the web app may load media from besides its own: the bucket's presigned links when MEDIA_SIGNED_URLS is on. */
export function mediaOrigins(config: AppConfig): string[] {
  const s3 = s3Settings(config);
  return config.MEDIA_SIGNED_URLS && s3 ? [presignedOrigin(s3)] : [];
}
