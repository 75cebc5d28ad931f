import { Body, Controller, Delete, Inject, Param, ParseUUIDPipe, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import {
  BearerGuard,
  Client,
  CurrentAuth,
  FindUserQuery,
  StaffGuard,
  type AuthContext,
  type ClientInfo,
} from '#app/identity';
import { DisableUserMfaCommand } from '../commands/disable-user-mfa/disable-user-mfa.command.js';
import { MfaErrors } from '../mfa.errors.js';

export class DisableUserMfaDto {
  @ApiProperty({ description: 'How the user’s identity was verified; kept in the audit log' })
  @IsString()
  @MinLength(10, { message: 'reason must say how the identity was verified (at least 10 characters)' })
  @MaxLength(500)
  reason!: string;
}

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/users')
@UseGuards(BearerGuard, StaffGuard)
export class AdminMfaController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Delete(':userId/mfa')
  @ApiOperation({ summary: "Turn a user's 2FA off after support verified their identity (audited)" })
  async disable(
    @CurrentAuth() auth: AuthContext,
    @Param('userId', new ParseUUIDPipe()) userId: string,
    @Body() body: DisableUserMfaDto,
    @Client() client: ClientInfo,
  ) {
    const user = await this.queries.execute(new FindUserQuery(userId));
    if (!user) throw MfaErrors.userNotFound();
    return this.commands.execute(new DisableUserMfaCommand(auth.user.id, userId, user.email, body.reason, client.ip));
  }
}
