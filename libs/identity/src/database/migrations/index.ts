import { Migration20261121000100Identity } from './20261121000100-identity.migration.js';
import { Migration20261122000100SiteGate } from './20261122000100-site-gate.migration.js';
import { Migration20261125000100PkceFlowState } from './20261125000100-pkce-flow-state.migration.js';
import { Migration20261125001710SessionAuthenticatedAt } from './20261125001710-session-authenticated-at.migration.js';
import { Migration20261201090000AccountLifecycle } from './20261201090000-account-lifecycle.migration.js';
import { Migration20261206120000AdminGrants } from './20261206120000-admin-grants.migration.js';
import { Migration20261206130000SecureAccountChanges } from './20261206130000-secure-account-changes.migration.js';

export const identityMigrations = [
  Migration20261121000100Identity,
  Migration20261122000100SiteGate,
  Migration20261125000100PkceFlowState,
  Migration20261125001710SessionAuthenticatedAt,
  Migration20261201090000AccountLifecycle,
  Migration20261206120000AdminGrants,
  Migration20261206130000SecureAccountChanges,
];
