import { Body, Controller, Delete, HttpCode, Inject, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { BearerGuard, Client, CurrentAuth, type AuthContext, type ClientInfo } from '#app/identity';
import { DeleteAccountCommand } from './delete-account.command.js';

export class DeleteAccountDto {
  @ApiPropertyOptional({
    description: 'The account password (with 2FA on, verify a code on this session first instead)',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(72)
  password?: string;
}

export class AccountDeletedDto {
  @ApiProperty({ format: 'date-time' }) deleted_at!: string;
}

@ApiTags('account')
@ApiBearerAuth()
@Controller('api/account')
@UseGuards(BearerGuard)
export class DeleteAccountController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Delete()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Delete your account: personal data erased, subscriptions ended, every session signed out; ledger entries kept',
  })
  @ApiOkResponse({ type: AccountDeletedDto })
  remove(
    @CurrentAuth() auth: AuthContext,
    @Body() body: DeleteAccountDto,
    @Client() client: ClientInfo,
  ): Promise<AccountDeletedDto> {
    return this.commands.execute(new DeleteAccountCommand(auth, body?.password, client));
  }
}
