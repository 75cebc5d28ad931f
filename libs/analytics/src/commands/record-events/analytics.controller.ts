import { Body, Controller, Get, HttpCode, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { BearerGuard, Client, StaffGuard, type ClientInfo } from '#app/identity';
import { AnalyticsSummaryQuery } from '../../queries/analytics-summary/analytics-summary.query.js';
import { RecordEventsCommand } from './record-events.command.js';
import { RecordEventsDto } from './record-events.dto.js';

export class AnalyticsSummaryDto {
  @ApiPropertyOptional({ default: 7, minimum: 1, maximum: 90 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(90)
  days?: number;
}

@ApiTags('analytics')
@Controller('api')
export class AnalyticsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post('analytics/events')
  @HttpCode(202)
  @ApiOperation({
    summary: 'First-party analytics: page views and Authentication/Error events, sent only with consent',
  })
  async record(@Body() body: RecordEventsDto, @Client() client: ClientInfo) {
    return this.commands.execute(new RecordEventsCommand(body.events, client.ip));
  }

  @Get('admin/analytics/summary')
  @ApiBearerAuth()
  @UseGuards(BearerGuard, StaffGuard)
  @ApiOperation({ summary: 'Page views by path and events by category over the last days' })
  async summary(@Query() query: AnalyticsSummaryDto) {
    return this.queries.execute(new AnalyticsSummaryQuery(query.days ?? 7));
  }
}
