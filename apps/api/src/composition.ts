import { identityEntities, identityMigrations } from '#app/identity';
import { consentEntities, consentMigrations } from '#app/consent';
import { mfaEntities, mfaMigrations } from '#app/mfa';
import type { OrmSetup } from '#app/platform';

/** Every module's tables and migrations, for the processes that boot them. */
export const ORM_SETUP: OrmSetup = {
  entities: [...identityEntities, ...consentEntities, ...mfaEntities],
  migrations: [...identityMigrations, ...consentMigrations, ...mfaMigrations],
};
