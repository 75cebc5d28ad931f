import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { DashboardLiveGuard, DashboardSummaryController } from './dashboard-summary.controller.js';
import { GetDashboardSummaryHandler } from './get-dashboard-summary/get-dashboard-summary.handler.js';

/** The dashboard home's read model: a composition of the modules' own queries, nothing stored. */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [DashboardSummaryController],
  providers: [GetDashboardSummaryHandler, DashboardLiveGuard],
})
export class DashboardModule {}
