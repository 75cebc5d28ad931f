import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { DataStore, KvStore } from '@tus/server';
import { resolve } from 'node:path';
import { s3ClientConfig, s3Settings, type AppConfig } from '#app/platform';

/** The upload's state is read from the bucket on every request, so any api instance can resume it. */
class NoCache implements KvStore<MetadataValue> {
  async get(): Promise<undefined> {
    return undefined;
  }
  async set(): Promise<void> {}
  async delete(): Promise<void> {}
}

/** The tus S3 store keeps every object under one prefix (`uploads/`), like the file store's folder. */
class PrefixedS3Store extends S3Store {
  constructor(options: ConstructorParameters<typeof S3Store>[0], prefix: string) {
    super(options);
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { Key?: string };
        if (typeof input.Key === 'string' && !input.Key.startsWith(prefix)) input.Key = `${prefix}${input.Key}`;
        return next(args);
      },
      { step: 'initialize', name: 'fanmintUploadPrefix' },
    );
  }
}

/** Resumable uploads land in `uploads/<id>`: the S3 bucket when one is set, else STORAGE_DIR/uploads. */
export function createUploadStore(config: AppConfig): DataStore {
  const s3 = s3Settings(config);
  if (!s3) return new FileStore({ directory: resolve(config.STORAGE_DIR, 'uploads') });
  return new PrefixedS3Store(
    {
      s3ClientConfig: { ...s3ClientConfig(s3), bucket: s3.bucket },
      cache: new NoCache(),
      useTags: false,
      partSize: 8 * 1024 * 1024,
    },
    'uploads/',
  );
}
