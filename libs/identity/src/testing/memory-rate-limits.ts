import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimits, type AppConfig, type LimitRule } from '#app/platform';

/** Rate limits counted in this process's memory, with the rules the real ones use (Redis or PostgreSQL). */
export class MemoryRateLimits extends RateLimits {
  private readonly memory = new Map<string, RateLimiterAbstract>();

  constructor(config: AppConfig) {
    super(config);
  }

  override limiter(name: string, rule: LimitRule): RateLimiterAbstract {
    let limiter = this.memory.get(name);
    if (!limiter) {
      const { points, duration, blockDuration = 0 } = rule;
      limiter = new RateLimiterMemory({ keyPrefix: name, points, duration, blockDuration });
      this.memory.set(name, limiter);
    }
    return limiter;
  }
}
