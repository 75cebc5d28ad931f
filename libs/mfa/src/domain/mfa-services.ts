import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, Outbox, RateLimits, type AppConfig } from '#app/platform';
import { SecretBox } from './secret-box.js';

export const MFA_LIMITS = {
  verifyPerIp: { points: 15, duration: 60 },
  failuresPerFactor: { points: 5, duration: 300, blockDuration: 300 },
  recoveryPerUser: { points: 5, duration: 900, blockDuration: 900 },
};

/** Shared pieces of the mfa use cases: the secret box, rate limits and security emails. */
@Injectable()
export class MfaKit {
  readonly secrets: SecretBox;
  readonly issuer: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RateLimits) private readonly limits: RateLimits,
    @Inject(Outbox) private readonly outbox: Outbox,
  ) {
    this.secrets = new SecretBox(config.JWT_SECRET, 'totp-secret');
    this.issuer = new URL(config.PUBLIC_URL).hostname === 'localhost' ? 'Fanmint' : new URL(config.PUBLIC_URL).hostname;
  }

  async consume(limit: keyof typeof MFA_LIMITS, key: string): Promise<void> {
    await this.limits.consume(`mfa-${limit}`, MFA_LIMITS[limit], key, {
      message: 'Too many verification attempts. Try again later.',
    });
  }

  async isBlocked(limit: keyof typeof MFA_LIMITS, key: string): Promise<boolean> {
    const state = await (await this.limits.limiter(`mfa-${limit}`, MFA_LIMITS[limit])).get(key);
    return state !== null && state.consumedPoints >= MFA_LIMITS[limit].points;
  }

  mail(em: EntityManager, to: string, template: 'mfa-enabled' | 'mfa-disabled'): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template,
      variables: {
        securityUrl: `${this.config.PUBLIC_URL}/dashboard/security`,
        forgotUrl: `${this.config.PUBLIC_URL}/forgot-password`,
      },
    });
  }
}
