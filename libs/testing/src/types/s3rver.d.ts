declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverContext {
    path: string;
    method: string;
    query: Record<string, string | undefined>;
    status: number;
    body: unknown;
    type: string;
  }

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: ((ctx: S3rverContext, next: () => Promise<void>) => Promise<void> | void)[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
