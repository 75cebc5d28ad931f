import { Migration20261122000100Mfa } from './database/migrations/20261122000100-mfa.migration.js';

export { MfaModule } from './mfa.module.js';
export { mfaEntities } from './entities/index.js';
export const mfaMigrations = [Migration20261122000100Mfa];
export { MfaErasure } from './commands/erase-factors/mfa-erasure.js';
