import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { OneTimeToken, type OneTimeTokenKind } from '../entities/one-time-token.entity.js';
import { hashToken, newSecureToken } from '../domain/secure-token.js';
import { OneTimeTokenRepository } from '../repositories/one-time-token.repository.js';

export const TOKEN_LIFETIME_MS: Record<OneTimeTokenKind, number> = {
  signup: 24 * 3600 * 1000,
  recovery: 3600 * 1000,
  email_change: 24 * 3600 * 1000,
  email_change_current: 24 * 3600 * 1000,
  reauthentication: 10 * 60 * 1000,
};

/** Single-use, expiring email tokens, kept only as hashes. */
@Injectable()
export class OneTimeTokens {
  constructor(
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OneTimeTokenRepository) private readonly tokens: OneTimeTokenRepository,
  ) {}

  /** Issues a new token of `kind`, retiring the user's earlier unused ones (caller flushes). */
  async issue(
    em: EntityManager,
    userId: string,
    kind: OneTimeTokenKind,
    flowStateId: string | null = null,
  ): Promise<string> {
    const now = this.clock.now();
    await this.retire(em, userId, kind);
    const { token, hash } = newSecureToken();
    em.persist(
      em.create(OneTimeToken, {
        userId,
        kind,
        tokenHash: hash,
        flowStateId,
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]),
        createdAt: now,
      } as never),
    );
    return token;
  }

  /** Voids the user's outstanding links of `kind`, e.g. when the password they would confirm changes. */
  async retire(em: EntityManager, userId: string, kind: OneTimeTokenKind): Promise<void> {
    await em.nativeUpdate(OneTimeToken, { userId, kind, usedAt: null }, { usedAt: this.clock.now() });
  }

  /** Atomically marks the token used; returns its user id, or null when unknown, used or expired. */
  async consume(em: EntityManager, token: string, kind: OneTimeTokenKind): Promise<string | null> {
    return (await this.redeem(em, token, kind))?.userId ?? null;
  }

  /** Like consume, and also names the PKCE flow the link belongs to, if any. */
  async redeem(
    em: EntityManager,
    token: string,
    kind: OneTimeTokenKind,
  ): Promise<{ userId: string; flowStateId: string | null } | null> {
    if (!token || token.length > 200) return null;
    return this.tokens.spend(em, hashToken(token), kind, this.clock.now());
  }

  /** A 6-digit code to type in (re-authentication), kept as a hash bound to its user; earlier codes of `kind` end. */
  async issueCode(em: EntityManager, userId: string, kind: OneTimeTokenKind): Promise<string> {
    const now = this.clock.now();
    await this.retire(em, userId, kind);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]);
    em.persist(
      em.create(OneTimeToken, {
        userId,
        kind,
        tokenHash: hashToken(`${userId}:${code}`),
        expiresAt,
        createdAt: now,
      } as never),
    );
    return code;
  }

  /**
   * Spends the user's outstanding code of `kind` whatever was typed, so each mailed code allows a
   * single guess; true when it was live and matched.
   */
  async redeemCode(em: EntityManager, userId: string, code: string, kind: OneTimeTokenKind): Promise<boolean> {
    const spent = await this.tokens.spendAll(em, userId, kind, this.clock.now());
    return /^\d{6}$/.test(code) && spent.includes(hashToken(`${userId}:${code}`));
  }
}
