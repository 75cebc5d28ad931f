import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { BearerGuard, CurrentAuth, type AuthContext } from '../../auth/bearer.guard.js';
import { Client } from '../../auth/client-info.js';
import type { ClientInfo } from '../../auth/session-issuer.js';
import { ReauthenticateCommand } from './reauthenticate.command.js';

export class ReauthenticateDto {
  @ApiProperty({ description: 'The account password' })
  @IsString()
  @MinLength(1)
  @MaxLength(72)
  password!: string;
}

export class ReauthenticatedDto {
  @ApiProperty({ format: 'date-time' }) authenticated_at!: string;
}

@ApiTags('account')
@ApiBearerAuth()
@Controller('api/account/reauthenticate')
@UseGuards(BearerGuard)
export class ReauthenticateController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm your password again for a sensitive change (with 2FA on, verify a code instead)' })
  @ApiOkResponse({ type: ReauthenticatedDto })
  reauthenticate(
    @CurrentAuth() auth: AuthContext,
    @Body() body: ReauthenticateDto,
    @Client() client: ClientInfo,
  ): Promise<ReauthenticatedDto> {
    return this.commands.execute(new ReauthenticateCommand(auth.user.id, auth.sessionId, body.password, client));
  }
}
