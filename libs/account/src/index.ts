import { AccountAvatar } from './entities/account-avatar.entity.js';
import { Migration20261126203800AccountAvatars } from './database/migrations/20261126203800-account-avatars.migration.js';

export { AccountModule } from './account.module.js';
export const accountEntities = [AccountAvatar];
export const accountMigrations = [Migration20261126203800AccountAvatars];
