import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { isAirdropEligible, snapshotInstant } from '../../domain/airdrop.js';
import { UserRewards } from '../../entities/user-rewards.entity.js';
import { GetRewardsQuery, type RewardsView } from './get-rewards.query.js';

@QueryHandler(GetRewardsQuery)
export class GetRewardsHandler implements IQueryHandler<GetRewardsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId }: GetRewardsQuery): Promise<RewardsView> {
    const record = await this.orm.em.fork().findOne(UserRewards, { userId });
    const snapshot = snapshotInstant(this.config.AIRDROP_SNAPSHOT_DATE);
    return {
      walletAddress: record?.walletAddress ?? null,
      walletAddedAt: record?.walletAddedAt?.toISOString() ?? null,
      telegramUsername: record?.telegramUsername ?? null,
      airdropEligible: isAirdropEligible(record?.walletAddedAt ?? null, snapshot),
      snapshotDate: snapshot?.toISOString() ?? null,
    };
  }
}
