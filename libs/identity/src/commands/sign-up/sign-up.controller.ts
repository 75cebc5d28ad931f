import { Body, Controller, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Client } from '../../auth/client-info.js';
import type { ClientInfo } from '../../auth/session-issuer.js';
import { SignUpCommand } from './sign-up.command.js';
import { RedirectQueryDto, SignUpDto } from './sign-up.dto.js';

@ApiTags('auth')
@Controller('auth/v1')
export class SignUpController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('signup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Register with email and password; a confirmation link is mailed' })
  signUp(@Body() body: SignUpDto, @Query() query: RedirectQueryDto, @Client() client: ClientInfo) {
    return this.commands.execute(
      new SignUpCommand(
        body.email,
        body.password,
        body.data ?? {},
        client,
        body.code_challenge,
        body.code_challenge_method,
        query.redirect_to,
      ),
    );
  }
}
