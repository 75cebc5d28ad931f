import {
  Body,
  Controller,
  Get,
  Header,
  Headers,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { PurchaseCommand } from '../commands/purchase/purchase.command.js';
import { RefreshPurchaseCommand } from '../commands/refresh-purchase/refresh-purchase.command.js';
import { ExportPurchasesQuery, GetPurchaseQuery, ListPurchasesQuery } from '../queries/purchases/purchases.query.js';
import { PurchasedContentQuery } from '../queries/purchased-content/purchased-content.query.js';
import { PurchaseErrors } from '../commerce.errors.js';
import { LivePhaseGuard } from './live-phase.guard.js';
import {
  CreatePurchaseDto,
  PurchaseDto,
  PurchaseHistoryQueryDto,
  PurchasePageDto,
  PurchasedContentDto,
  PurchasedContentQueryDto,
} from './purchases.dto.js';

/** A fan's purchases: always the caller's own; another fan's purchase id answers 404. */
@ApiTags('purchases')
@ApiBearerAuth()
@Controller('api/purchases')
@UseGuards(LivePhaseGuard, BearerGuard)
export class PurchasesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiHeader({
    name: 'Idempotency-Key',
    required: true,
    description: '8-100 characters; the same key from the same user returns the first purchase (200)',
  })
  @ApiOperation({
    summary:
      "Buy an item, subscribe to a store, tip it, or unlock a message or a post: send the fan to checkoutUrl (the acquirer's hosted page); the payment confirms by webhook (or POST /api/purchases/{id}/refresh). 503 payments_unavailable when the provider cannot be reached: retry with the same Idempotency-Key",
  })
  @ApiCreatedResponse({ type: PurchaseDto })
  @ApiOkResponse({ type: PurchaseDto, description: 'A replayed Idempotency-Key: the first purchase' })
  async create(
    @CurrentAuth() auth: AuthContext,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: CreatePurchaseDto,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<PurchaseDto> {
    if (typeof key !== 'string' || key.length < 8 || key.length > 100) {
      throw PurchaseErrors.invalid([
        { field: 'Idempotency-Key', message: 'Send an Idempotency-Key header of 8 to 100 characters' },
      ]);
    }
    const { purchase, created } = await this.commands.execute(new PurchaseCommand(auth.user.id, key, body));
    response.statusCode = created ? 201 : 200;
    return purchase;
  }

  @Get()
  @ApiOperation({
    summary:
      'Your purchase history, newest first: paid, refunded and charged-back purchases (declined or abandoned attempts are not listed)',
  })
  @ApiOkResponse({ type: PurchasePageDto })
  list(@CurrentAuth() auth: AuthContext, @Query() query: PurchaseHistoryQueryDto): Promise<PurchasePageDto> {
    return this.queries.execute(new ListPurchasesQuery(auth.user.id, query.cursor, query.limit ?? 20));
  }

  @Get('export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="fanmint-purchases.csv"')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'Your whole payment history as CSV: date,purchase_id,kind,store,item,amount,currency,method,status',
  })
  exportCsv(@CurrentAuth() auth: AuthContext): Promise<string> {
    return this.queries.execute(new ExportPurchasesQuery(auth.user.id));
  }

  @Get(':id')
  @ApiOkResponse({ type: PurchaseDto })
  one(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<PurchaseDto> {
    return this.queries.execute(new GetPurchaseQuery(auth.user.id, id));
  }

  @Post(':id/refresh')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Ask the payment provider for the purchase's outcome now (the return page after the hosted checkout), instead of waiting for its webhook",
  })
  @ApiOkResponse({ type: PurchaseDto })
  refresh(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<PurchaseDto> {
    return this.commands.execute(new RefreshPurchaseCommand(auth.user.id, id));
  }

  @Get(':id/content')
  @ApiOperation({
    summary:
      'Open what you paid for: full files as signed links (403 not_purchased otherwise); for a subscription pass contentId',
  })
  @ApiOkResponse({ type: PurchasedContentDto })
  content(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: PurchasedContentQueryDto,
  ): Promise<PurchasedContentDto> {
    return this.queries.execute(new PurchasedContentQuery(auth.user.id, id, query.contentId));
  }
}
