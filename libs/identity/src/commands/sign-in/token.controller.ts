import { Body, Controller, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Client } from '../../auth/client-info.js';
import type { ClientInfo } from '../../auth/session-issuer.js';
import { IdentityErrors } from '../../identity.errors.js';
import { RefreshSessionCommand } from '../refresh-session/refresh-session.command.js';
import { ExchangeCodeCommand } from '../exchange-code/exchange-code.command.js';
import { SignInCommand } from './sign-in.command.js';
import { TokenDto, TokenQueryDto } from './token.dto.js';

@ApiTags('auth')
@Controller('auth/v1')
export class TokenController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with a password, rotate a refresh token, or exchange a PKCE auth code' })
  token(@Query() query: TokenQueryDto, @Body() body: TokenDto, @Client() client: ClientInfo) {
    if (query.grant_type === 'password')
      return this.commands.execute(new SignInCommand(body.email, body.password, client));
    if (query.grant_type === 'refresh_token')
      return this.commands.execute(new RefreshSessionCommand(body.refresh_token, client));
    if (query.grant_type === 'pkce')
      return this.commands.execute(new ExchangeCodeCommand(body.auth_code, body.code_verifier, client));
    throw IdentityErrors.unsupportedGrant();
  }
}
