import { Migration20261122000600ModerationCases } from './database/migrations/20261122000600-moderation-cases.migration.js';

export { ContentModerationModule, ContentModerationJobsModule } from './content-moderation.module.js';
export { contentModerationEntities } from './entities/index.js';
export { DeadlineWatch } from './jobs/deadline-watch.js';
export { ComplianceReports } from './jobs/compliance-reports.js';
export const contentModerationMigrations = [Migration20261122000600ModerationCases];
