import { Query } from '@nestjs/cqrs';

export interface RewardsView {
  walletAddress: string | null;
  walletAddedAt: string | null;
  telegramUsername: string | null;
  /** Signed up and a wallet added before the snapshot (or, before a snapshot is set, a wallet added). */
  airdropEligible: boolean;
  snapshotDate: string | null;
}

/** The caller's own rewards record (SPEC §7: read user_rewards of the current user); no record reads as empty. */
export class GetRewardsQuery extends Query<RewardsView> {
  constructor(readonly userId: string) {
    super();
  }
}
