import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OneTimeTokenKind } from '../entities/one-time-token.entity.js';

/**
 * Spending `one_time_tokens`: each is an atomic UPDATE … RETURNING, so two requests racing with the
 * same link or code never both pass (issuing and retiring go through the entity).
 */
@Injectable()
export class OneTimeTokenRepository {
  /** Marks the live token with this hash used; answers whose it was and the PKCE flow it belongs to. */
  async spend(
    em: EntityManager,
    tokenHash: string,
    kind: OneTimeTokenKind,
    at: Date,
  ): Promise<{ userId: string; flowStateId: string | null } | null> {
    const [row] = await em.execute<{ user_id: string; flow_state_id: string | null }[]>(
      `update one_time_tokens set used_at = ? where token_hash = ? and kind = ? and used_at is null and expires_at > ? returning user_id, flow_state_id`,
      [at, tokenHash, kind, at],
    );
    return row ? { userId: row.user_id, flowStateId: row.flow_state_id } : null;
  }

  /** Marks every live token of `kind` the user holds used; answers their hashes. */
  async spendAll(em: EntityManager, userId: string, kind: OneTimeTokenKind, at: Date): Promise<string[]> {
    const rows = await em.execute<{ token_hash: string }[]>(
      `update one_time_tokens set used_at = ? where user_id = ? and kind = ? and used_at is null and expires_at > ? returning token_hash`,
      [at, userId, kind, at],
    );
    return rows.map((row) => row.token_hash);
  }
}
