import { Controller, Get, Header, Inject, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { Clock, RateLimits } from '#app/platform';
import { ExportPurchasesQuery } from '#app/commerce';
import { ExportAccountDataQuery } from './export-account-data.query.js';

/** An export reads every module: a few an hour per account is plenty for a person, and bounds the cost. */
const EXPORT_LIMIT = { points: 5, duration: 3600 };
const LIMIT_MESSAGE = 'You can download your data 5 times an hour. Try again later.';

@ApiTags('account')
@ApiBearerAuth()
@Controller('api/account/export')
@UseGuards(BearerGuard)
export class ExportAccountDataController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(RateLimits) private readonly limits: RateLimits,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Download my data: account, sessions, consents, purchases, subscriptions, earnings and messages as one JSON document',
  })
  @ApiOkResponse({ description: 'A JSON attachment', schema: { type: 'object', additionalProperties: true } })
  async download(@CurrentAuth() auth: AuthContext, @Res() response: ServerResponse): Promise<void> {
    await this.limits.consume('accountExport', EXPORT_LIMIT, auth.user.id, { message: LIMIT_MESSAGE });
    const document = await this.queries.execute(new ExportAccountDataQuery(auth));
    this.send(
      response,
      'application/json; charset=utf-8',
      `fanmint-data-${this.day()}.json`,
      JSON.stringify(document, null, 2),
    );
  }

  @Get('purchases.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Download my purchases as CSV' })
  async purchasesCsv(@CurrentAuth() auth: AuthContext, @Res() response: ServerResponse): Promise<void> {
    await this.limits.consume('accountExport', EXPORT_LIMIT, auth.user.id, { message: LIMIT_MESSAGE });
    const csv = await this.queries.execute(new ExportPurchasesQuery(auth.user.id));
    this.send(response, 'text/csv; charset=utf-8', `fanmint-purchases-${this.day()}.csv`, csv);
  }

  private day(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }

  private send(response: ServerResponse, type: string, filename: string, body: string): void {
    response
      .writeHead(200, {
        'content-type': type,
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
      })
      .end(body);
  }
}
