import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** One per user (SPEC §3 user_rewards): the Solana wallet for the airdrop and the Telegram username for the mega draw. */
@Entity({ tableName: 'user_rewards' })
export class UserRewards {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text', nullable: true })
  walletAddress: string | null = null;

  /** When the current wallet was first added: eligibility compares it with the snapshot date. */
  @Property({ type: 'timestamptz', nullable: true })
  walletAddedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  telegramUsername: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
