import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { AnalyticsController } from './commands/record-events/analytics.controller.js';
import { RecordEventsHandler } from './commands/record-events/record-events.handler.js';
import { AnalyticsSummaryHandler } from './queries/analytics-summary/analytics-summary.handler.js';

/** First-party, consent-gated analytics (SPEC §7): stored in our own database, no third party. */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [AnalyticsController],
  providers: [RecordEventsHandler, AnalyticsSummaryHandler],
})
export class AnalyticsModule {}
