import { Controller, Get, Inject, Injectable, UseGuards, type CanActivate } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { APP_CONFIG, AppError, type AppConfig } from '#app/platform';
import { DashboardSummaryDto } from './dashboard-summary.dto.js';
import { GetDashboardSummaryQuery } from './get-dashboard-summary/get-dashboard-summary.query.js';

/** Before launch the dashboard home is the spec's preview page: there are no figures to show. */
@Injectable()
export class DashboardLiveGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (this.config.LAUNCH_PHASE !== 'live')
      throw new AppError(403, 'not_launched', 'Your dashboard figures appear when the platform launches.');
    return true;
  }
}

@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('api/dashboard')
@UseGuards(DashboardLiveGuard, BearerGuard)
export class DashboardSummaryController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('summary')
  @ApiOperation({
    summary:
      'Your own figures for the dashboard home: earnings and content as a creator, purchases, subscriptions and favourites as a fan',
  })
  @ApiOkResponse({ type: DashboardSummaryDto })
  summary(@CurrentAuth() auth: AuthContext): Promise<DashboardSummaryDto> {
    return this.queries.execute(new GetDashboardSummaryQuery(auth.user.id));
  }
}
