import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** A deleted account's second factors: TOTP secrets, their challenges (with the IPs they record) and recovery codes go. */
@Injectable()
export class MfaErasure {
  async eraseIn(em: EntityManager, userId: string): Promise<void> {
    // Challenges go with their factor (on delete cascade).
    await em.execute(`delete from mfa_factors where user_id = ?`, [userId]);
    await em.execute(`delete from mfa_recovery_codes where user_id = ?`, [userId]);
  }
}
