import { UserRewards } from './entities/user-rewards.entity.js';
import { Migration20261122000400Rewards } from './database/migrations/20261122000400-rewards.migration.js';

export { RewardsModule } from './rewards.module.js';
export const rewardsEntities = [UserRewards];
export const rewardsMigrations = [Migration20261122000400Rewards];
export { RewardsErasure } from './commands/erase-rewards-contacts/rewards-erasure.js';
