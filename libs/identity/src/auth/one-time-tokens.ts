import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { OneTimeToken, type OneTimeTokenKind } from '../entities/one-time-token.entity.js';
import { hashToken, newSecureToken } from '../domain/secure-token.js';

export const TOKEN_LIFETIME_MS: Record<OneTimeTokenKind, number> = {
  signup: 24 * 3600 * 1000,
  recovery: 3600 * 1000,
};

/** Single-use, expiring email tokens, kept only as hashes. */
@Injectable()
export class OneTimeTokens {
  constructor(@Inject(Clock) private readonly clock: Clock) {}

  /** Issues a new token of `kind`, retiring the user's earlier unused ones (caller flushes). */
  async issue(em: EntityManager, userId: string, kind: OneTimeTokenKind): Promise<string> {
    const now = this.clock.now();
    await em.nativeUpdate(OneTimeToken, { userId, kind, usedAt: null }, { usedAt: now });
    const { token, hash } = newSecureToken();
    em.persist(em.create(OneTimeToken, { userId, kind, tokenHash: hash, expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]), createdAt: now } as never));
    return token;
  }

  /** Atomically marks the token used; returns its user id, or null when unknown, used or expired. */
  async consume(em: EntityManager, token: string, kind: OneTimeTokenKind): Promise<string | null> {
    if (!token || token.length > 200) return null;
    const rows = await em.execute<{ user_id: string }[]>(
      `update one_time_tokens set used_at = ? where token_hash = ? and kind = ? and used_at is null and expires_at > ? returning user_id`,
      [this.clock.now(), hashToken(token), kind, this.clock.now()],
    );
    return rows[0]?.user_id ?? null;
  }
}
