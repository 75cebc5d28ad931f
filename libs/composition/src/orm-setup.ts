import { identityEntities, identityMigrations } from '#app/identity';
import { consentEntities, consentMigrations } from '#app/consent';
import { mfaEntities, mfaMigrations } from '#app/mfa';
import { analyticsEntities, analyticsMigrations } from '#app/analytics';
import { rewardsEntities, rewardsMigrations } from '#app/rewards';
import { verificationEntities, verificationMigrations } from '#app/verification';
import { contentModerationEntities, contentModerationMigrations } from '#app/content-moderation';
import { commerceEntities, commerceMigrations } from '#app/commerce';
import { payoutsEntities, payoutsMigrations } from '#app/payouts';
import { accountEntities, accountMigrations } from '#app/account';
import { realtimeMigrations } from '#app/realtime';
import { messagingEntities, messagingMigrations } from '#app/messaging';
import { postsMigrations } from '#app/posts';
import type { OrmSetup } from '#app/platform';

/** Every module's tables and migrations, for the processes that boot them. */
export const ORM_SETUP: OrmSetup = {
  entities: [
    ...identityEntities,
    ...consentEntities,
    ...mfaEntities,
    ...analyticsEntities,
    ...rewardsEntities,
    ...verificationEntities,
    ...contentModerationEntities,
    ...commerceEntities,
    ...payoutsEntities,
    ...accountEntities,
    ...messagingEntities,
  ],
  migrations: [
    ...identityMigrations,
    ...consentMigrations,
    ...mfaMigrations,
    ...analyticsMigrations,
    ...rewardsMigrations,
    ...verificationMigrations,
    ...contentModerationMigrations,
    ...commerceMigrations,
    ...payoutsMigrations,
    ...accountMigrations,
    ...messagingMigrations,
    ...postsMigrations,
    ...realtimeMigrations,
  ],
};
