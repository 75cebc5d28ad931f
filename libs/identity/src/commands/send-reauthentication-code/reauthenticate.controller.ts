import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, type AuthContext } from '../../auth/bearer.guard.js';
import { Client } from '../../auth/client-info.js';
import type { ClientInfo } from '../../auth/session-issuer.js';
import { SendReauthenticationCodeCommand } from './send-reauthentication-code.command.js';

@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth/v1')
@UseGuards(BearerGuard)
export class ReauthenticationCodeController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Get('reauthenticate')
  @ApiOperation({
    summary: 'Mail a 6-digit code to the address on file; PUT /user sends it as `nonce` with a new password',
  })
  @ApiOkResponse({ schema: { type: 'object' } })
  send(@CurrentAuth() auth: AuthContext, @Client() client: ClientInfo) {
    return this.commands.execute(new SendReauthenticationCodeCommand(auth.user.id, client));
  }
}
