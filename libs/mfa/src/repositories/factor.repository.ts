import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The statements on `mfa_factors` that must be single and atomic (the rest go through the entity). */
@Injectable()
export class FactorRepository {
  /**
   * Records TOTP time step `step` as the factor's last accepted one, if it is later than the last;
   * answers false when it is not (the code was already used). Atomic, so two requests racing with
   * the same code cannot both pass.
   */
  async claimStep(em: EntityManager, factorId: string, step: number, at: Date): Promise<boolean> {
    const claimed = await em.execute<{ id: string }[]>(
      `update mfa_factors set last_used_step = ?, updated_at = ? where id = ? and (last_used_step is null or last_used_step < ?) returning id`,
      [step, at, factorId, step],
    );
    return claimed.length > 0;
  }

  /** Deletes the user's factors; their challenges (with the IPs they record) go with them (on delete cascade). */
  async eraseUser(em: EntityManager, userId: string): Promise<void> {
    await em.execute(`delete from mfa_factors where user_id = ?`, [userId]);
  }
}
