import { AnalyticsEvent } from './entities/analytics-event.entity.js';
import { Migration20261122000300Analytics } from './database/migrations/20261122000300-analytics.migration.js';

export { AnalyticsModule } from './analytics.module.js';
export const analyticsEntities = [AnalyticsEvent];
export const analyticsMigrations = [Migration20261122000300Analytics];
