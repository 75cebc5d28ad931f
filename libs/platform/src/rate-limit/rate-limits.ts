import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { once } from 'node:events';
import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AppError } from '../http/app-error.js';

export interface LimitRule {
  /** Allowed events per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
  /** Once exceeded, refuse for this many seconds. */
  blockDuration?: number;
}

export { RateLimiterRes };

/** How long the first rate-limited requests wait for Redis before counting in memory (Redis down at boot). */
const FIRST_CONNECT_WAIT_MS = 1000;

/**
 * Named rate limiters whose counters live in Redis when it is configured and in PostgreSQL
 * otherwise, so every api instance shares them.
 */
@Injectable()
export class RateLimits implements OnApplicationShutdown {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  /** The in-memory stand-ins of the Redis limiters; each counted key holds a timer until its window ends. */
  private readonly insurance: RateLimiterMemory[] = [];
  private redis: Redis | null = null;
  /**
   * The Redis client's first connection, awaited (once, a second at most) by the first requests, so they
   * count in Redis with every instance rather than in this instance's memory; null once settled.
   */
  private firstConnect: Promise<void> | null = null;
  private pool: pg.Pool | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The named limiter, once the Redis client's first connection has settled (see `firstConnect`). */
  async limiter(name: string, rule: LimitRule): Promise<RateLimiterAbstract> {
    const limiter = this.limiterNow(name, rule);
    if (this.firstConnect) await this.firstConnect;
    return limiter;
  }

  private limiterNow(name: string, rule: LimitRule): RateLimiterAbstract {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const options = {
        keyPrefix: `${this.config.REDIS_PREFIX}:rl:${name}`,
        points: Math.ceil(rule.points * this.config.RATE_LIMIT_SCALE),
        duration: rule.duration,
        blockDuration: rule.blockDuration ?? 0,
      };
      limiter = this.config.REDIS_URL
        ? // While Redis is unreachable each instance counts in memory instead (still limited, per
          // instance) rather than failing every rate-limited request.
          new RateLimiterRedis({
            ...options,
            storeClient: this.redisClient(),
            useRedisPackage: false,
            rejectIfRedisNotReady: true,
            insuranceLimiter: this.memoryLimiter(options),
          })
        : new RateLimiterPostgres({
            ...options,
            storeClient: this.pgPool(),
            storeType: 'pool',
            tableName: 'rate_limit',
            tableCreated: true,
            clearExpiredByTimeout: false,
          });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }

  /**
   * Spends `points` of `key`'s allowance under the named rule; when it is used up, throws the
   * shared 429 (`over_request_rate_limit`, Retry-After in seconds) with `message`.
   */
  async consume(
    name: string,
    rule: LimitRule,
    key: string,
    { points = 1, message = 'Request rate limit reached' } = {},
  ): Promise<void> {
    try {
      await (await this.limiter(name, rule)).consume(key, points);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new AppError(429, 'over_request_rate_limit', message, undefined, {
        retry_after: Math.ceil(error.msBeforeNext / 1000),
      });
    }
  }

  /** Keys the in-memory limiters still count (each with a timer pending until its window ends). */
  pendingMemoryKeys(): number {
    return this.insurance.reduce((sum, limiter) => sum + limiter.dump().storage.length, 0);
  }

  async onApplicationShutdown(): Promise<void> {
    // The memory store expires each key with a timer as long as its window (up to hours). Unref'd, it
    // does not hold the process open, but until it fires it keeps the limiter, and everything its
    // module's realm reaches, alive: after an app closes in a long-lived process (a test runner)
    // that is the whole app. Deleting the keys clears their timers.
    for (const limiter of this.insurance) {
      await Promise.all(limiter.dump().storage.map(({ key }) => limiter.delete(key)));
    }
    await this.redis?.quit().catch(() => undefined);
    await this.pool?.end().catch(() => undefined);
  }

  private memoryLimiter(options: ConstructorParameters<typeof RateLimiterMemory>[0]): RateLimiterMemory {
    const limiter = new RateLimiterMemory(options);
    this.insurance.push(limiter);
    return limiter;
  }

  private redisClient(): Redis {
    if (this.redis) return this.redis;
    const redis = new Redis(this.config.REDIS_URL!, { enableOfflineQueue: true, maxRetriesPerRequest: 2 });
    this.redis = redis;
    let timer: NodeJS.Timeout | undefined;
    this.firstConnect = Promise.race([
      once(redis, 'ready').then(() => undefined),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS).unref())),
    ])
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        this.firstConnect = null;
      });
    return redis;
  }

  private pgPool(): pg.Pool {
    this.pool ??= new pg.Pool({ connectionString: this.config.DATABASE_URL, max: 4 });
    return this.pool;
  }
}
