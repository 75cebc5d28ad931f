import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import bcrypt from 'bcrypt';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { checkPassword, passwordTooLong } from '../domain/password-policy.js';
import { IdentityErrors } from '../identity.errors.js';

/** In production never below 12; a test run may ask for less (each hash at 12 costs about a quarter second of CPU). */
export function passwordHashCost(config: Pick<AppConfig, 'BCRYPT_COST' | 'NODE_ENV'>): number {
  return config.NODE_ENV === 'production' ? Math.max(12, config.BCRYPT_COST) : config.BCRYPT_COST;
}

/** bcrypt hashing plus the product's password rules. */
@Injectable()
export class Passwords {
  private readonly cost: number;
  private dummyHash: Promise<string> | null = null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.cost = passwordHashCost(config);
  }

  /** Throws the contract's validation or weak_password error when the password breaks a rule. */
  assertAcceptable(password: string): void {
    if (passwordTooLong(password)) throw IdentityErrors.passwordTooLong();
    const verdict = checkPassword(password);
    if (!verdict.ok) throw IdentityErrors.weakPassword(verdict.message, verdict.reasons);
  }

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }

  compare(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(password, hash);
  }

  /** Spends the same time as a real check, so an unknown address answers no faster than a known one. */
  async compareWithNobody(password: string): Promise<false> {
    this.dummyHash ??= bcrypt.hash('not-a-real-password', this.cost);
    await bcrypt.compare(password, await this.dummyHash);
    return false;
  }

  /** A short fingerprint that changes whenever the password does. */
  static stamp(encryptedPassword: string): string {
    return createHash('sha256').update(encryptedPassword).digest('hex').slice(0, 12);
  }
}
