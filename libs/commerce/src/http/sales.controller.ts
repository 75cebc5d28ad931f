import { Controller, Get, Header, Inject, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Clock } from '#app/platform';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { ExportSalesQuery, SalesQuery } from '../queries/sales/sales.query.js';
import { salesRange } from '../queries/sales/sales-range.js';
import { LivePhaseGuard } from './live-phase.guard.js';
import { SalesDto, SalesQueryDto } from './sales.dto.js';

/** A creator's sales dashboard; the caller's own sales only (a fan's is empty). */
@ApiTags('sales')
@ApiBearerAuth()
@Controller('api/sales')
@UseGuards(LivePhaseGuard, BearerGuard)
export class SalesController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Sales between two UTC dates (default: the last 30 days): totals, per day, per kind, and the sales',
  })
  @ApiOkResponse({ type: SalesDto })
  sales(@CurrentAuth() auth: AuthContext, @Query() query: SalesQueryDto): Promise<SalesDto> {
    return this.queries.execute(new SalesQuery(auth.user.id, salesRange(this.clock.now(), query.from, query.to)));
  }

  @Get('export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="fanmint-sales.csv"')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'The same sales as CSV: date,sale_id,kind,item,buyer,gross,currency,method,status' })
  exportCsv(@CurrentAuth() auth: AuthContext, @Query() query: SalesQueryDto): Promise<string> {
    return this.queries.execute(new ExportSalesQuery(auth.user.id, salesRange(this.clock.now(), query.from, query.to)));
  }
}
