import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimits, type LimitRule } from './rate-limits.js';

/**
 * Rate limits counted in this process's memory with the rules the real ones use (Redis or PostgreSQL):
 * for handler specs, which run without either.
 */
export class MemoryRateLimits extends RateLimits {
  private readonly memory = new Map<string, RateLimiterAbstract>();

  override limiter(name: string, rule: LimitRule): Promise<RateLimiterAbstract> {
    let limiter = this.memory.get(name);
    if (!limiter) {
      const { points, duration, blockDuration = 0 } = rule;
      limiter = new RateLimiterMemory({ keyPrefix: name, points, duration, blockDuration });
      this.memory.set(name, limiter);
    }
    return Promise.resolve(limiter);
  }
}
