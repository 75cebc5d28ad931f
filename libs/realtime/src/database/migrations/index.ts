import { Migration20261203000000Realtime } from './20261203000000-realtime.migration.js';

export const realtimeMigrations = [Migration20261203000000Realtime];
