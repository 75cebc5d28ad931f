import { Migration20261121000000Platform } from './20261121000000-platform.migration.js';

export const platformMigrations = [Migration20261121000000Platform];
