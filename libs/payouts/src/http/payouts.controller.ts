import { Body, Controller, Delete, Get, Header, HttpCode, Inject, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, StaffGuard, requireAdmin, type AuthContext } from '#app/identity';
import { Clock, toCsv } from '#app/platform';
import { StatementQuery } from '../queries/statement/statement.query.js';
import { TransactionsQuery } from '../queries/transactions/transactions.query.js';
import { PayoutHistoryQuery } from '../queries/payout-history/payout-history.query.js';
import { PayoutMethodQuery } from '../queries/payout-method/payout-method.query.js';
import { SetPayoutMethodCommand } from '../commands/set-payout-method/set-payout-method.js';
import { MonthEndClose } from '../commands/month-end/month-end-close.js';
import { PayoutRuns } from '../queries/payout-runs/payout-runs.read-model.js';
import type { PayoutMethodInput } from '../domain/payout-method.js';
import { PayoutsLiveGuard } from './payouts-live.guard.js';
import {
  PayoutHistoryDto,
  PayoutMethodDto,
  PayoutRunsDto,
  RunPayoutsDto,
  RunSummaryDto,
  SetPayoutMethodDto,
  StatementDto,
  StatementLinesDto,
  TransactionsQueryDto,
} from './payouts.dto.js';

const amount = (minor: number) => (minor / 100).toFixed(2);

/** The caller's own earnings: the payee is always the session's user. */
@ApiTags('payouts')
@ApiBearerAuth()
@Controller('api/payouts')
@UseGuards(PayoutsLiveGuard, BearerGuard)
export class PayoutsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('statement')
  @ApiOperation({ summary: 'Pending Balance, Current Balance, Adjustments (this month) and your payout schedule' })
  @ApiOkResponse({ type: StatementDto })
  async statement(@CurrentAuth() auth: AuthContext): Promise<StatementDto> {
    return this.queries.execute(new StatementQuery(auth.user.id));
  }

  @Get('transactions')
  @ApiOperation({ summary: 'Your ledger lines, newest first, each with its release date and why it is held' })
  @ApiOkResponse({ type: StatementLinesDto })
  async transactions(
    @CurrentAuth() auth: AuthContext,
    @Query() query: TransactionsQueryDto,
  ): Promise<StatementLinesDto> {
    return this.queries.execute(
      new TransactionsQuery(auth.user.id, query.cursor ? Number(query.cursor) : null, query.limit ?? 50),
    );
  }

  @Get('export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="fanmint-earnings.csv"')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Your whole earnings history as CSV' })
  async export(@CurrentAuth() auth: AuthContext): Promise<string> {
    const { items } = await this.queries.execute(new TransactionsQuery(auth.user.id, null, null));
    return toCsv(
      ['date', 'transaction_id', 'kind', 'description', 'amount', 'currency', 'balance', 'release_on', 'hold_reason'],
      items.map((line) => [
        line.occurredAt,
        line.id,
        line.kind,
        line.description,
        amount(line.amountMinor),
        line.currency,
        line.balance,
        line.releaseOn ?? '',
        line.holdReason ?? '',
      ]),
    );
  }

  @Get('history')
  @ApiOperation({ summary: 'Your payouts, newest first' })
  @ApiOkResponse({ type: PayoutHistoryDto })
  async history(@CurrentAuth() auth: AuthContext): Promise<PayoutHistoryDto> {
    return { items: await this.queries.execute(new PayoutHistoryQuery(auth.user.id)) };
  }

  @Get('method')
  @ApiOperation({ summary: 'Where your payouts go (null until you add a method)' })
  @ApiOkResponse({ type: PayoutMethodDto })
  async method(@CurrentAuth() auth: AuthContext): Promise<PayoutMethodDto | null> {
    return this.queries.execute(new PayoutMethodQuery(auth.user.id));
  }

  @Put('method')
  @ApiOperation({ summary: 'Bank transfer in your local currency (IBAN) or crypto (Solana wallet)' })
  @ApiOkResponse({ type: PayoutMethodDto })
  async setMethod(@CurrentAuth() auth: AuthContext, @Body() body: SetPayoutMethodDto): Promise<PayoutMethodDto | null> {
    const input: PayoutMethodInput =
      body.kind === 'bank'
        ? {
            kind: 'bank',
            accountHolder: body.accountHolder ?? '',
            iban: body.iban ?? '',
            currency: body.currency ?? '',
          }
        : { kind: 'crypto', network: body.network ?? 'solana', address: body.address ?? '' };
    await this.commands.execute(new SetPayoutMethodCommand(auth, input));
    return this.queries.execute(new PayoutMethodQuery(auth.user.id));
  }

  @Delete('method')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove your payout method (released earnings then wait in the current balance)' })
  async removeMethod(@CurrentAuth() auth: AuthContext): Promise<void> {
    await this.commands.execute(new SetPayoutMethodCommand(auth, null));
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/payouts')
@UseGuards(BearerGuard, StaffGuard, PayoutsLiveGuard)
export class AdminPayoutsController {
  constructor(
    @Inject(MonthEndClose) private readonly close: MonthEndClose,
    @Inject(PayoutRuns) private readonly runs: PayoutRuns,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('runs')
  @ApiOperation({ summary: 'Month-end runs, newest first, with their progress (admins)' })
  @ApiOkResponse({ type: PayoutRunsDto })
  async list(@CurrentAuth() auth: AuthContext): Promise<PayoutRunsDto> {
    requireAdmin(auth);
    return { items: await this.runs.list() };
  }

  @Post('runs')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Run (or finish) the month-end close of a period now; a closed period changes nothing (admins)',
  })
  @ApiOkResponse({ type: RunSummaryDto })
  async run(@CurrentAuth() auth: AuthContext, @Body() body: RunPayoutsDto): Promise<RunSummaryDto> {
    requireAdmin(auth);
    return this.close.run(body.period, this.clock.now(), { worker: `admin:${auth.user.id}` });
  }
}
