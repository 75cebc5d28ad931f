import { Body, Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { BearerGuard, Client, CurrentAuth, type AuthContext, type ClientInfo } from '#app/identity';
import { GenerateRecoveryCodesCommand } from '../commands/generate-recovery-codes/generate-recovery-codes.command.js';
import { RedeemRecoveryCodeCommand } from '../commands/redeem-recovery-code/redeem-recovery-code.command.js';
import { RecoveryCodeStatusQuery } from '../queries/recovery-code-status/recovery-code-status.query.js';

export class RedeemRecoveryCodeDto {
  @ApiProperty({ example: 'k7m2p-x9q4t' })
  @IsString()
  @IsNotEmpty({ message: 'code is required' })
  @MaxLength(64)
  code!: string;
}

@ApiTags('account')
@ApiBearerAuth()
@Controller('api/account/recovery-codes')
@UseGuards(BearerGuard)
export class RecoveryCodesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'How many unused recovery codes are left' })
  status(@CurrentAuth() auth: AuthContext) {
    return this.queries.execute(new RecoveryCodeStatusQuery(auth.user.id));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create ten new recovery codes (aal2), replacing the old ones; shown once' })
  generate(@CurrentAuth() auth: AuthContext) {
    return this.commands.execute(new GenerateRecoveryCodesCommand(auth));
  }

  @Post('redeem')
  @HttpCode(200)
  @ApiOperation({ summary: 'Use a recovery code instead of a TOTP code; answers an aal2 session' })
  redeem(@CurrentAuth() auth: AuthContext, @Body() body: RedeemRecoveryCodeDto, @Client() client: ClientInfo) {
    return this.commands.execute(new RedeemRecoveryCodeCommand(auth, body.code, client.ip));
  }
}
