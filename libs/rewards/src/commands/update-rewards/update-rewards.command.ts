import { Command } from '@nestjs/cqrs';
import type { RewardsView } from '../../queries/get-rewards/get-rewards.query.js';

export type RewardsField = 'wallet' | 'telegram';

/** Set (value) or remove (null) the caller's wallet address or Telegram username; the first save creates the record. */
export class UpdateRewardsCommand extends Command<RewardsView> {
  constructor(
    readonly userId: string,
    readonly field: RewardsField,
    readonly value: string | null,
  ) {
    super();
  }
}
