export { IdentityModule } from './identity.module.js';
export { identityEntities } from './entities/index.js';
export { identityMigrations } from './database/migrations/index.js';
export { BearerGuard, CurrentAuth, type AuthContext } from './auth/bearer.guard.js';
export { SeedAccountsCommand, type SeedAccount } from './commands/seed-accounts/seed-accounts.command.js';
export { PASSWORD_SPECIAL_CHARACTERS, PASSWORD_MIN_LENGTH, checkPassword } from './domain/password-policy.js';
