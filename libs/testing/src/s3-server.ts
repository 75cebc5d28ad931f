// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver has no types; the server build reaches this file through an e2e import, so its declaration must come with it
/// <reference path="./types/s3rver.d.ts" />
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type S3rver from 's3rver';
import { Clock, S3ObjectStorage } from '#app/platform';
import { freePort } from './test-platform.js';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point a platform at this server. */
  env: Record<string, string>;
  /** A storage adapter on this bucket (for tests to look inside it). */
  storage(clock?: Clock): S3ObjectStorage;
  /** Stops answering (open connections are cut), as a crashed object store would. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same objects. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const ACCESS_KEY = 'S3RVER'; // s3rver's built-in account

/**
 * ListParts and AbortMultipartUpload, which s3rver lacks and tus's S3 store needs (resume, remove):
 * read from (and removed in) s3rver's own folder of an upload's parts.
 */
/** s3rver (and Koa under it) is loaded by the suites that start one, not by every suite that imports this lib. */
const loadS3rver = async (): Promise<typeof S3rver> => (await import('s3rver')).default;

function multipartExtras(server: S3rver, bucket: string) {
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  return async (ctx: Parameters<S3rver['middleware'][number]>[0], next: () => Promise<void>) => {
    const match = new RegExp(`^/${bucket}/(.+)$`).exec(ctx.path);
    const uploadId = ctx.query.uploadId;
    if (
      !match ||
      typeof uploadId !== 'string' ||
      !/^[A-Za-z0-9._-]+$/.test(uploadId) ||
      (ctx.method !== 'GET' && ctx.method !== 'DELETE')
    )
      return next();
    const folder = join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const names = await readdir(folder).catch(() => null);
    if (!names) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = xml(
        `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`,
      );
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [info, md5] = await Promise.all([
          stat(join(folder, String(n))),
          readFile(join(folder, `${n}.md5`), 'utf8'),
        ]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = xml(
      `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${decodeURIComponent(match[1])}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  };
}

/** s3rver (an S3-protocol server on the file system) on a free port in a temporary folder, with one bucket. */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'fanmint-test';
  const directory = mkdtempSync(join(tmpdir(), 'fanmint-s3-'));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  let server: S3rver | null = null;
  const start = async () => {
    if (server) return;
    const next = new (await loadS3rver())({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    next.middleware.unshift(multipartExtras(next, bucket));
    await next.run();
    server = next;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running?.httpServer) return;
    const http = running.httpServer;
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeAllConnections();
    await closed;
  };
  await start();
  const env = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    endpoint,
    bucket,
    env,
    storage: (clock = new Clock()) =>
      new S3ObjectStorage(
        {
          endpoint,
          bucket,
          region: 'us-east-1',
          accessKeyId: ACCESS_KEY,
          secretAccessKey: ACCESS_KEY,
          forcePathStyle: true,
        },
        clock,
      ),
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
