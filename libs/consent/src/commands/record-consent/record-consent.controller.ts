import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BearerGuard, Client, CurrentAuth, type AuthContext, type ClientInfo } from '#app/identity';
import { RecordConsentCommand } from './record-consent.command.js';
import { RecordConsentDto } from './record-consent.dto.js';

@ApiTags('consent')
@ApiBearerAuth()
@Controller('functions/v1')
export class RecordConsentController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('record-user-consent')
  @HttpCode(200)
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Record the policies the signed-in user accepted (SPEC §3, §7)' })
  async record(@CurrentAuth() auth: AuthContext, @Body() body: RecordConsentDto, @Client() client: ClientInfo) {
    const result = await this.commands.execute(
      new RecordConsentCommand(auth.user.id, body.consentData, client.ip, client.userAgent),
    );
    return { success: true, error: null, recorded: result.recorded };
  }
}
