import { RewardsErasure } from './commands/erase-rewards-contacts/rewards-erasure.js';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { UpdateRewardsHandler } from './commands/update-rewards/update-rewards.handler.js';
import { GetRewardsHandler } from './queries/get-rewards/get-rewards.handler.js';
import { AirdropExportHandler } from './queries/airdrop-export/airdrop-export.handler.js';
import { AdminRewardsController, RewardsController } from './http/rewards.controller.js';

/** Early-adopter rewards (SPEC §2 Rewards): the airdrop wallet, the mega-draw Telegram username, eligibility. */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [RewardsController, AdminRewardsController],
  providers: [UpdateRewardsHandler, GetRewardsHandler, AirdropExportHandler, RewardsErasure],
  exports: [RewardsErasure],
})
export class RewardsModule {}
