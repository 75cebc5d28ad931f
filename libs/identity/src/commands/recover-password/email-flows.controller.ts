import { Body, Controller, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Client } from '../../auth/client-info.js';
import type { ClientInfo } from '../../auth/session-issuer.js';
import { CodeChallengeDto, RedirectQueryDto } from '../sign-up/sign-up.dto.js';
import { ResendConfirmationCommand } from '../resend-confirmation/resend-confirmation.command.js';
import { RecoverPasswordCommand } from './recover-password.command.js';

export class EmailRequestDto extends CodeChallengeDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  @ApiPropertyOptional({ enum: ['signup'] })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  type?: string;
}

/** Both answer `{}` before any lookup: the worker finds the account and mails the link. */
@ApiTags('auth')
@Controller('auth/v1')
export class EmailFlowsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('recover')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mail a password reset link (same answer whether or not the address has an account)' })
  async recover(@Body() body: EmailRequestDto, @Query() query: RedirectQueryDto, @Client() client: ClientInfo) {
    await this.commands.execute(
      new RecoverPasswordCommand(
        body.email,
        query.redirect_to,
        client,
        body.code_challenge,
        body.code_challenge_method,
      ),
    );
    return {};
  }

  @Post('resend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mail a new confirmation link (same answer for any address)' })
  async resend(@Body() body: EmailRequestDto, @Query() query: RedirectQueryDto, @Client() client: ClientInfo) {
    await this.commands.execute(
      new ResendConfirmationCommand(
        body.email,
        body.type,
        client,
        query.redirect_to,
        body.code_challenge,
        body.code_challenge_method,
      ),
    );
    return {};
  }
}
