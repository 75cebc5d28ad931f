import { Migration20261121000100Identity } from './20261121000100-identity.migration.js';

export const identityMigrations = [Migration20261121000100Identity];
