import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The statements on `mfa_recovery_codes` that must be single and atomic (the rest go through the entity). */
@Injectable()
export class RecoveryCodeRepository {
  /** Marks the user's unused code with this hash used; false when there is none. Two racing requests cannot both spend it. */
  async spend(em: EntityManager, userId: string, codeHash: string, at: Date): Promise<boolean> {
    const spent = await em.execute<{ id: string }[]>(
      `update mfa_recovery_codes set used_at = ? where user_id = ? and code_hash = ? and used_at is null returning id`,
      [at, userId, codeHash],
    );
    return spent.length > 0;
  }

  async eraseUser(em: EntityManager, userId: string): Promise<void> {
    await em.execute(`delete from mfa_recovery_codes where user_id = ?`, [userId]);
  }
}
