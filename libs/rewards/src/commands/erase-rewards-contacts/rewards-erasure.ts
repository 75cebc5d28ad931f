import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A deleted account's wallet address and Telegram name go; the row stays (it dates the account's
 * rewards history) with no identifier of the person left in it, and frees the wallet and name
 * for somebody else.
 */
@Injectable()
export class RewardsErasure {
  async eraseIn(em: EntityManager, userId: string, now: Date): Promise<void> {
    await em.execute(
      `update user_rewards set wallet_address = null, wallet_added_at = null, telegram_username = null, updated_at = ? where user_id = ?`,
      [now, userId],
    );
  }
}
