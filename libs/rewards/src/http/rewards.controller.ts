import { Body, Controller, Delete, Get, Header, Inject, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, SignedOutMessage, StaffGuard, requireAdmin, type AuthContext } from '#app/identity';
import { UpdateRewardsCommand } from '../commands/update-rewards/update-rewards.command.js';
import { GetRewardsQuery } from '../queries/get-rewards/get-rewards.query.js';
import { AirdropExportQuery } from '../queries/airdrop-export/airdrop-export.query.js';
import { snapshotInstant } from '../domain/airdrop.js';
import { RewardsErrors } from '../rewards.errors.js';
import { RewardsViewDto, TelegramDto, WalletDto } from './rewards.dto.js';

/** The caller's own rewards record: the user id always comes from the session, never from the request. */
@ApiTags('rewards')
@ApiBearerAuth()
@Controller('api/rewards')
@UseGuards(BearerGuard)
export class RewardsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Your wallet, Telegram username and airdrop eligibility (empty until the first save)' })
  @ApiOkResponse({ type: RewardsViewDto })
  async get(@CurrentAuth() auth: AuthContext): Promise<RewardsViewDto> {
    return this.queries.execute(new GetRewardsQuery(auth.user.id));
  }

  @Put('wallet')
  @SignedOutMessage('You must be logged in to update your wallet')
  @ApiOperation({ summary: 'Add or change your Solana wallet address' })
  @ApiOkResponse({ type: RewardsViewDto })
  async setWallet(@CurrentAuth() auth: AuthContext, @Body() body: WalletDto): Promise<RewardsViewDto> {
    return this.commands.execute(new UpdateRewardsCommand(auth.user.id, 'wallet', body.walletAddress));
  }

  @Delete('wallet')
  @SignedOutMessage('You must be logged in to remove your wallet')
  @ApiOperation({ summary: 'Remove your wallet address' })
  @ApiOkResponse({ type: RewardsViewDto })
  async removeWallet(@CurrentAuth() auth: AuthContext): Promise<RewardsViewDto> {
    return this.commands.execute(new UpdateRewardsCommand(auth.user.id, 'wallet', null));
  }

  @Put('telegram')
  @SignedOutMessage('You must be logged in to update your Telegram username')
  @ApiOperation({ summary: 'Add or change your Telegram username' })
  @ApiOkResponse({ type: RewardsViewDto })
  async setTelegram(@CurrentAuth() auth: AuthContext, @Body() body: TelegramDto): Promise<RewardsViewDto> {
    return this.commands.execute(new UpdateRewardsCommand(auth.user.id, 'telegram', body.telegramUsername));
  }

  @Delete('telegram')
  @SignedOutMessage('You must be logged in to remove your Telegram username')
  @ApiOperation({ summary: 'Remove your Telegram username' })
  @ApiOkResponse({ type: RewardsViewDto })
  async removeTelegram(@CurrentAuth() auth: AuthContext): Promise<RewardsViewDto> {
    return this.commands.execute(new UpdateRewardsCommand(auth.user.id, 'telegram', null));
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/rewards')
@UseGuards(BearerGuard, StaffGuard)
export class AdminRewardsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('airdrop-export')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiProduces('text/csv')
  @ApiQuery({
    name: 'snapshot',
    example: '2025-03-31',
    description: 'Wallets added before this date (UTC midnight) or instant',
  })
  @ApiOperation({ summary: 'CSV of the wallets eligible for the community airdrop at a snapshot (admins)' })
  async export(@CurrentAuth() auth: AuthContext, @Query('snapshot') snapshot?: string) {
    requireAdmin(auth);
    const valid = typeof snapshot === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(snapshot);
    const instant = valid ? snapshotInstant(snapshot) : null;
    if (!instant || Number.isNaN(instant.getTime())) throw RewardsErrors.badSnapshot();
    return this.queries.execute(new AirdropExportQuery(instant));
  }
}
