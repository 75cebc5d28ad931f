import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRes, RateLimits, type LimitRule } from '#app/platform';
import { IdentityErrors } from '../identity.errors.js';

/**
 * Rate limits of the identity endpoints (README, "Rate limits and lockout").
 * Counters are shared by every api instance (Redis, or PostgreSQL without it).
 */
export const IDENTITY_LIMITS = {
  signInPerIp: { points: 30, duration: 300 },
  signInFailuresPerIp: { points: 100, duration: 24 * 3600, blockDuration: 24 * 3600 },
  /** Consecutive failures for one account from one address: the lockout. */
  signInFailuresPerAccountIp: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  signUpPerIp: { points: 30, duration: 3600 },
  emailPerIp: { points: 30, duration: 3600 },
  /**
   * Per address and kind of mail (signup, resend, recover), counted whether or not an account
   * exists, so hitting the limit reveals nothing.
   */
  emailPerAddress: { points: 1, duration: 60 },
  emailPerAddressHourly: { points: 5, duration: 3600 },
  verifyPerIp: { points: 30, duration: 300 },
  refreshPerIp: { points: 150, duration: 300 },
  userUpdatePerIp: { points: 30, duration: 300 },
} satisfies Record<string, LimitRule>;

export type IdentityLimit = keyof typeof IDENTITY_LIMITS;

@Injectable()
export class IdentityLimits {
  constructor(@Inject(RateLimits) private readonly limits: RateLimits) {}

  /** Counts one event; throws the contract's 429 when the allowance is spent. */
  async consume(limit: IdentityLimit, key: string): Promise<void> {
    try {
      await (await this.limits.limiter(limit, IDENTITY_LIMITS[limit])).consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.ceil(error.msBeforeNext / 1000);
      if (limit === 'emailPerAddress') throw IdentityErrors.emailRateLimited(seconds);
      if (limit === 'emailPerAddressHourly') throw IdentityErrors.emailRateLimited(seconds);
      throw IdentityErrors.rateLimited(seconds);
    }
  }

  /** The allowances every emailed request spends: per address of origin, and per address and kind of mail. */
  async spendEmailAllowance(kind: 'resend' | 'recover', email: string, ip: string): Promise<void> {
    await this.consume('emailPerIp', ip);
    await this.consume('emailPerAddress', `${kind}:${email}`);
    await this.consume('emailPerAddressHourly', email);
  }

  async isLocked(limit: IdentityLimit, key: string): Promise<boolean> {
    const limiter = await this.limits.limiter(limit, IDENTITY_LIMITS[limit]);
    const state = await limiter.get(key);
    return state !== null && state.consumedPoints >= limiter.points;
  }

  /** Records a failure; returns true when this failure used up the allowance. */
  async fail(limit: IdentityLimit, key: string): Promise<boolean> {
    const limiter = await this.limits.limiter(limit, IDENTITY_LIMITS[limit]);
    try {
      const state = await limiter.consume(key);
      return state.consumedPoints >= limiter.points;
    } catch (error) {
      if (error instanceof RateLimiterRes) return true;
      throw error;
    }
  }

  async reset(limit: IdentityLimit, key: string): Promise<void> {
    await (await this.limits.limiter(limit, IDENTITY_LIMITS[limit])).delete(key);
  }
}
