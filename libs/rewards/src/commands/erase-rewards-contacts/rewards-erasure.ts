import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { eraseRewardsContacts } from '../../repositories/user-rewards.repository.js';

/**
 * A deleted account's wallet address and Telegram name go; the row stays (it dates the account's
 * rewards history) with no identifier of the person left in it, and frees the wallet and name
 * for somebody else.
 */
@Injectable()
export class RewardsErasure {
  async eraseIn(em: EntityManager, userId: string, now: Date): Promise<void> {
    await eraseRewardsContacts(em, userId, now);
  }
}
