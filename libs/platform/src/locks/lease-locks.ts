import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { LeaseBackendKind, LeaseStore } from './lease-store.js';
import { RedisLeaseStore } from './redis-lease-store.js';
import { PostgresLeaseStore } from './repositories/postgres-lease-store.js';

export type { LeaseBackendKind } from './lease-store.js';

export interface LeaseOptions {
  /** Aborting gives up waiting (the lock is not taken, or is released again). */
  signal?: AbortSignal;
  /** Runs on the holder when another request (on any instance) asks for this lock, or when its lease was lost. */
  onReleaseRequested?: () => void;
  /** How long to wait for the lock before giving up with LeaseTimeout (default 30 s). */
  timeoutMs?: number;
}

export interface HeldLease {
  readonly key: string;
  /** Releases the lock if this holder still owns it; resolves false when the lease had already been lost. */
  release(): Promise<boolean>;
}

/** The lock was not free within the timeout (or the wait was aborted). */
export class LeaseTimeout extends Error {
  constructor(readonly key: string) {
    super(`lock ${key} is held elsewhere`);
  }
}

/** The lock store (Redis or PostgreSQL) could not be reached. */
export class LeaseStoreUnavailable extends Error {
  constructor(override readonly cause: unknown) {
    super(`the lock store is unavailable: ${(cause as Error)?.message ?? cause}`);
  }
}

const NAMESPACE = /^[a-z0-9_]{1,40}$/;
const POLL_MS = [50, 100, 150, 250];
const REQUEST_AGAIN_MS = 1000;
/** A subscription (Redis) or LISTEN (PostgreSQL) not ready by then means the store is away. */
const LISTEN_WAIT_MS = 5000;

export interface LeaseLocksSettings {
  /** How long a lock outlives its holder's last renewal (a crashed instance's locks free after this). */
  leaseMs?: number;
}

/** Optional provider overriding LeaseLocks' settings (tests shorten the lease). */
export const LEASE_LOCKS_SETTINGS = Symbol('LEASE_LOCKS_SETTINGS');

/**
 * Exclusive locks shared by every api instance, held as leases: Redis when REDIS_URL is set, else
 * PostgreSQL (the embedded default), the way queues and rate limits choose.
 *
 * A lock is a record owned by a random token until its lease ends: Redis `SET key token NX PX`,
 * or a `lease_locks` row inserted, or taken over in place once its `expires_at` (database time)
 * has passed. While held, the holder renews the lease every third of it by compare-and-set on
 * its token; releasing is compare-and-delete on the token, so only the holder can release, and a
 * holder whose lease was lost (a long pause, the store away) never removes its successor's lock.
 * A crashed instance stops renewing and its locks expire after one lease.
 *
 * A waiter asks the holder to let go: it publishes the key on the namespace's release channel
 * (Redis pub/sub, or PostgreSQL NOTIFY, received by one LISTEN connection per process), and every
 * instance that holds that key runs the holder's `onReleaseRequested`. It then retries (polling)
 * until it gets the lock or its timeout passes. Leases hold no database connection: the PostgreSQL
 * backend is a few short statements on a small pool, so thousands of held locks cost nothing
 * while they wait for their holders. (Session advisory locks would pin one pooled connection per
 * upload for as long as it streams, and free only when PostgreSQL notices a dead peer.)
 */
@Injectable()
export class LeaseLocks implements OnApplicationShutdown {
  private readonly logger = new Logger('LeaseLocks');
  private storeInstance: LeaseStore | null = null;
  readonly leaseMs: number;
  /** Locks held by this process: namespace → key → holders' release callbacks. */
  private readonly held = new Map<string, Map<string, Set<() => void>>>();
  private readonly renewals = new Set<NodeJS.Timeout>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(LEASE_LOCKS_SETTINGS) settings: LeaseLocksSettings | null = null,
  ) {
    this.leaseMs = settings?.leaseMs ?? 15_000;
  }

  get kind(): LeaseBackendKind {
    return this.config.REDIS_URL ? 'redis' : 'postgres';
  }

  /** Connections open on first use: processes that never lock hold none. */
  private get store(): LeaseStore {
    this.storeInstance ??= this.config.REDIS_URL
      ? new RedisLeaseStore(this.config.REDIS_URL, this.config.REDIS_PREFIX)
      : new PostgresLeaseStore(this.config.DATABASE_URL);
    return this.storeInstance;
  }

  /**
   * Waits for the exclusive lock on `key` within `namespace` (lower-case letters, digits, `_`),
   * asking its current holder to release it. Throws LeaseTimeout when it stays taken, and
   * LeaseStoreUnavailable when the store cannot be reached.
   */
  async acquire(namespace: string, key: string, options: LeaseOptions = {}): Promise<HeldLease> {
    if (!NAMESPACE.test(namespace)) throw new Error(`invalid lock namespace ${namespace}`);
    const token = randomUUID();
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    const onRelease = options.onReleaseRequested ?? (() => undefined);
    await this.guard(within(this.listenOn(namespace), LISTEN_WAIT_MS, 'listening for release requests'));
    let attempt = 0;
    let requestedAt = 0;
    for (;;) {
      if (options.signal?.aborted) throw new LeaseTimeout(key);
      if (await this.guard(this.store.tryAcquire(namespace, key, token, this.leaseMs))) {
        if (options.signal?.aborted) {
          await this.store.release(namespace, key, token).catch(() => undefined);
          throw new LeaseTimeout(key);
        }
        return this.hold(namespace, key, token, onRelease);
      }
      if (Date.now() - requestedAt >= REQUEST_AGAIN_MS) {
        requestedAt = Date.now();
        await this.guard(this.store.requestRelease(namespace, key));
      }
      const wait = Math.min(POLL_MS[Math.min(attempt++, POLL_MS.length - 1)], deadline - Date.now());
      if (wait <= 0) throw new LeaseTimeout(key);
      await sleep(wait, options.signal);
    }
  }

  /** Stops renewing (locks still held expire after their lease) and closes the store's connections. */
  async onApplicationShutdown(): Promise<void> {
    for (const renewal of this.renewals) clearInterval(renewal);
    this.renewals.clear();
    await this.storeInstance?.close().catch(() => undefined);
  }

  private hold(namespace: string, key: string, token: string, onRelease: () => void): HeldLease {
    const holders = this.holders(namespace, key);
    let released = false;
    let lost = false;
    const callback = () => {
      if (!released) onRelease();
    };
    holders.add(callback);
    const forget = () => {
      clearInterval(renewal);
      this.renewals.delete(renewal);
      holders.delete(callback);
      if (holders.size === 0 && this.held.get(namespace)?.get(key) === holders) this.held.get(namespace)!.delete(key);
    };
    const lose = (why: string) => {
      if (released || lost) return;
      lost = true;
      this.logger.warn(`lock ${namespace}:${key} ${why} before its release`);
      forget();
      onRelease();
    };
    // A lease that was taken over, or could not be renewed for as long as it lasts, is lost: the
    // holder is asked to stop.
    let renewedAt = Date.now();
    const renewal = setInterval(
      () => {
        this.store
          .renew(namespace, key, token, this.leaseMs)
          .then((renewed) => {
            if (renewed) renewedAt = Date.now();
            else lose('was lost');
          })
          .catch((error: unknown) => {
            this.logger.warn(`lock ${namespace}:${key} not renewed: ${(error as Error).message}`);
            if (Date.now() - renewedAt >= this.leaseMs) lose('could not be renewed');
          });
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    renewal.unref();
    this.renewals.add(renewal);
    return {
      key,
      release: async () => {
        if (released) throw new Error(`lock ${namespace}:${key} released twice`);
        released = true;
        forget();
        if (lost) return false;
        return this.guard(this.store.release(namespace, key, token));
      },
    };
  }

  private holders(namespace: string, key: string): Set<() => void> {
    let keys = this.held.get(namespace);
    if (!keys) this.held.set(namespace, (keys = new Map()));
    let holders = keys.get(key);
    if (!holders) keys.set(key, (holders = new Set()));
    return holders;
  }

  /** Every acquire makes sure release requests reach this process (a lost listener is replaced). */
  private listenOn(namespace: string): Promise<void> {
    return this.store.listen(namespace, (key) => {
      for (const callback of [...(this.held.get(namespace)?.get(key) ?? [])]) callback();
    });
  }

  private async guard<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      throw error instanceof LeaseTimeout ? error : new LeaseStoreUnavailable(error);
    }
  }
}

function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}
