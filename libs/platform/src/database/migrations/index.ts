import { Migration20261122000000AuditLog } from './20261122000000-audit-log.migration.js';
import { Migration20261121000000Platform } from './20261121000000-platform.migration.js';
import { Migration20261125130000ScheduleTicks } from './20261125130000-schedule-ticks.migration.js';
import { Migration20261201100000OutboxRequestId } from './20261201100000-outbox-request-id.migration.js';
import { Migration20261201110000AuditLogPartitions } from './20261201110000-audit-log-partitions.migration.js';
import { Migration20261202100000MonthlyPartitions } from './20261202100000-monthly-partitions.migration.js';
import { Migration20261205090000LeaseLocks } from './20261205090000-lease-locks.migration.js';
import { Migration20261206120100RepartitioningOwnerOnly } from './20261206120100-repartitioning-owner-only.migration.js';

export const platformMigrations = [
  Migration20261121000000Platform,
  Migration20261122000000AuditLog,
  Migration20261125130000ScheduleTicks,
  Migration20261201100000OutboxRequestId,
  Migration20261201110000AuditLogPartitions,
  Migration20261202100000MonthlyPartitions,
  Migration20261205090000LeaseLocks,
  Migration20261206120100RepartitioningOwnerOnly,
];
